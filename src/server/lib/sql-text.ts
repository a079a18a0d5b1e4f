/** `%text%` for ILIKE, with the wildcard characters of the search text taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
