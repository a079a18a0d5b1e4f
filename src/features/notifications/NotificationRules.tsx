import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNotificationGroup } from './notification-group'
import { useState } from 'react'
import {
  deactivateNotificationRuleMutation,
  deleteNotificationRuleMutation,
  invalidate,
  listNotificationRulesOptions,
  updateNotificationRuleMutation,
  type NotificationRule,
} from '~/api'
import {
  Badge,
  Box,
  Button,
  Card,
  Column,
  ConfirmDialog,
  EmptyState,
  Icon,
  Inline,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from '~/ui'
import type { Role } from '../auth/roles'
import { WidgetBody } from '../shared/WidgetBody'
import { CardsSkeleton } from './CardsSkeleton'
import { useSessionUser } from '../auth/use-session'
import { RelativeTime } from './NotificationSummary'
import { RuleDialog } from './RuleDialog'
import { alertTypeLabels, describeRule, severityLabels } from './rule-form'
import { RuleDeviceSummary } from './RuleDevices'
import { RuleSnoozes } from './RuleSnoozes'
import { useNotify } from './use-notify'
import * as page from './page.css'
import { grow } from '../shared/page.css'

/** openapi.yaml 'rules': changing rules needs the admin role or above. */
const canManageRules = (role: Role) => role !== 'USER'

export const rulesOptions = (groupId: string, includeInactive: boolean) =>
  listNotificationRulesOptions({
    query: { group_id: groupId, ...(includeInactive ? { include_inactive: true } : {}) },
  })

function useRuleActions() {
  const queryClient = useQueryClient()
  const notify = useNotify()
  const refresh = () => invalidate(queryClient, 'listNotificationRules')
  const deactivate = useMutation({
    ...deactivateNotificationRuleMutation(),
    onSuccess: () => {
      notify.success(
        'Notification rule deactivated',
        'The rule will no longer trigger notifications.',
      )
      void refresh()
    },
    onError: notify.failure('Failed to deactivate notification rule'),
  })
  const reactivate = useMutation({
    ...updateNotificationRuleMutation(),
    onSuccess: () => {
      notify.success('Notification rule reactivated', 'The rule will trigger notifications again.')
      void refresh()
    },
    onError: notify.failure('Failed to reactivate notification rule'),
  })
  const remove = useMutation({
    ...deleteNotificationRuleMutation(),
    onSuccess: () => {
      notify.success('Notification rule deleted')
      void refresh()
    },
    onError: notify.failure('Failed to delete notification rule'),
  })
  return { deactivate, reactivate, remove }
}

function RuleCard({ rule, canManage }: { rule: NotificationRule; canManage: boolean }) {
  const { deactivate, reactivate, remove } = useRuleActions()
  const [confirming, setConfirming] = useState(false)
  const [editing, setEditing] = useState(false)
  const path = { path: { id: rule.id } }
  return (
    <li>
      <Card padding="none" className={rule.is_active ? undefined : page.inactive}>
        <Box display="flex" flexWrap="wrap" alignItems="center" gap="md" padding="lg">
          <Stack space="xs" className={grow}>
            <h2 className={page.ruleName}>
              {rule.name}
              <Badge size="sm" variant="secondary">
                {alertTypeLabels[rule.alert_type]}
              </Badge>
              <Badge size="sm" variant="outline">
                {severityLabels[rule.severity]}
              </Badge>
              <Badge size="sm" variant={rule.is_active ? 'success' : 'outline'}>
                {rule.is_active ? 'Active' : 'Inactive'}
              </Badge>
            </h2>
            <Text as="p" size="sm" tone="muted">
              {describeRule(rule)} · <RuleDeviceSummary rule={rule} />
            </Text>
            {rule.deactivated_reason && (
              <Box as="p" display="flex" alignItems="center" gap="xs" fontSize="sm" color="warning">
                <Icon name="alert" size="xs" /> {rule.deactivated_reason}
              </Box>
            )}
            <Text as="p" size="sm" tone="muted">
              {rule.last_triggered_at ? (
                <>
                  Last triggered <RelativeTime iso={rule.last_triggered_at} />
                </>
              ) : (
                'Not triggered yet'
              )}
            </Text>
            <RuleSnoozes ruleId={rule.id} />
          </Stack>
          {canManage && (
            <Inline space="sm">
              <Button intent="toolbarAction" onPress={() => setEditing(true)}>
                <Icon name="edit" size="sm" />
                Edit<VisuallyHidden> {rule.name}</VisuallyHidden>
              </Button>
              {rule.is_active ? (
                <Button
                  intent="toolbarAction"
                  isPending={deactivate.isPending}
                  onPress={() => deactivate.mutate(path)}
                >
                  Deactivate<VisuallyHidden> {rule.name}</VisuallyHidden>
                </Button>
              ) : (
                <Button
                  intent="toolbarAction"
                  isPending={reactivate.isPending}
                  onPress={() => reactivate.mutate({ ...path, body: { is_active: true } })}
                >
                  Reactivate<VisuallyHidden> {rule.name}</VisuallyHidden>
                </Button>
              )}
              <Button intent="toolbarAction" onPress={() => setConfirming(true)}>
                <Icon name="trash" size="sm" />
                Delete<VisuallyHidden> {rule.name}</VisuallyHidden>
              </Button>
            </Inline>
          )}
        </Box>
      </Card>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Delete notification rule?"
        message={`'${rule.name}' will stop alerting and cannot be restored. Notifications it already raised stay in the history.`}
        isPending={remove.isPending}
        closeOnConfirm={false}
        onConfirm={() => remove.mutate(path, { onSettled: () => setConfirming(false) })}
      />
      {canManage && (
        // A fresh form whenever the rule changes (saved here, deactivated, or refetched).
        <RuleDialog
          key={rule.updated_at}
          groupId={rule.group_id}
          rule={rule}
          isOpen={editing}
          onOpenChange={setEditing}
        />
      )}
    </li>
  )
}

function RulesList({ groupId, canManage }: { groupId: string; canManage: boolean }) {
  const [includeInactive, setIncludeInactive] = useState(false)
  const [creating, setCreating] = useState(false)
  // The list stays on screen while the include-inactive toggle refetches it.
  const rules = useQuery({
    ...rulesOptions(groupId, includeInactive),
    placeholderData: keepPreviousData,
  })
  const newRule = canManage && (
    <Button intent="formPrimary" onPress={() => setCreating(true)}>
      <Icon name="plus" size="sm" /> New rule
    </Button>
  )
  return (
    <Stack space="lg">
      <Inline space="md" alignY="center">
        <Switch isSelected={includeInactive} onChange={setIncludeInactive}>
          Show inactive rules
        </Switch>
        <Column as="span" />
        {newRule}
      </Inline>
      <WidgetBody
        query={rules}
        what="notification rules"
        loading={<CardsSkeleton label="Loading notification rules..." />}
        error={{ title: 'Notification rules could not be loaded' }}
        empty={
          rules.data?.items.length === 0 && (
            <EmptyState
              icon="bolt"
              title={includeInactive ? 'No notification rules yet' : 'No active notification rules'}
              description="Rules raise alerts when devices go offline or use more energy than expected."
            />
          )
        }
      >
        {({ items }) => (
          <Stack as="ul" space="md" aria-label="Notification rules">
            {items.map((rule) => (
              <RuleCard key={rule.id} rule={rule} canManage={canManage} />
            ))}
          </Stack>
        )}
      </WidgetBody>
      {canManage && <RuleDialog groupId={groupId} isOpen={creating} onOpenChange={setCreating} />}
    </Stack>
  )
}

/** Spec §2/§5 /notifications, tab rules: a group's rules, listed only when a group is selected. */
export function NotificationRules() {
  const user = useSessionUser()
  const groupId = useNotificationGroup(user)
  if (!user) return null
  if (!groupId) {
    return (
      <EmptyState
        icon="users"
        title="Choose a group to see its rules"
        description="Notification rules belong to a group. Pick one in the Group scope selector of your user menu; 'All groups' has no rules of its own."
      />
    )
  }
  return <RulesList key={groupId} groupId={groupId} canManage={canManageRules(user.role)} />
}
