import { listGroupsOptions } from '~/api'

/** Spec §6: elevated users choose among up to 500 groups. */
export const scopeGroupsOptions = () => listGroupsOptions({ query: { limit: 500 } })
