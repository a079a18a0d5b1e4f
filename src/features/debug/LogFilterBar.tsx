import { useEffect, useRef, useState } from 'react'
import type { Key } from 'react-aria-components'
import { DateTimeField, SearchField, Select, SelectItem, Tiles } from '~/ui'
import {
  levelOptions,
  logFiles,
  type LevelOption,
  type LogFile,
  type LogFilters,
  type LogSourceKind,
} from './log-filters'
import * as styles from './debug.css'

const ALL_MODULES = '__all__'
const SEARCH_DEBOUNCE_MS = 300
const sourceLabels: Record<LogSourceKind, string> = {
  backend: 'Backend Logs',
  frontend: 'Frontend Logs',
}
const levelLabels: Record<LevelOption, string> = {
  all: 'All levels',
  DEBUG: 'DEBUG',
  INFO: 'INFO',
  WARN: 'WARN',
  ERROR: 'ERROR',
}

export interface LogFilterBarProps {
  source: LogSourceKind
  onSourceChange: (source: LogSourceKind) => void
  filters: LogFilters
  /** Merges into the filters; the viewer goes back to page 1. */
  onFiltersChange: (patch: Partial<LogFilters>) => void
  /** Logger names seen, for the Module selector. */
  loggers: readonly string[]
}

/** Typing settles before it filters, so each keystroke does not start a request. */
function useDebouncedSearch(value: string, commit: (value: string) => void) {
  const [draft, setDraft] = useState(value)
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    // A reset from outside (a new source) replaces what was typed.
    setSeen(value)
    setDraft(value)
  }
  // The latest commit, without restarting the wait each time the parent re-renders (auto-refresh).
  const commitRef = useRef(commit)
  useEffect(() => {
    commitRef.current = commit
  })
  useEffect(() => {
    if (draft === value) return
    const timer = setTimeout(() => commitRef.current(draft), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, value])
  return [draft, setDraft] as const
}

/** Spec §2 'Debug: log viewer': source, file (backend), level, search, module, after and before. */
export function LogFilterBar({
  source,
  onSourceChange,
  filters,
  onFiltersChange,
  loggers,
}: LogFilterBarProps) {
  const [search, setSearch] = useDebouncedSearch(filters.search, (value) =>
    onFiltersChange({ search: value }),
  )
  const modules = [ALL_MODULES, ...loggers]
  return (
    <Tiles space="md" minItemWidth="9.5rem" fill alignY="bottom">
      <Select
        label="Source"
        selectedKey={source}
        onSelectionChange={(key: Key | null) => onSourceChange(key as LogSourceKind)}
      >
        {(['backend', 'frontend'] as const).map((s) => (
          <SelectItem key={s} id={s}>
            {sourceLabels[s]}
          </SelectItem>
        ))}
      </Select>
      {source === 'backend' && (
        <Select
          label="File"
          selectedKey={filters.file}
          onSelectionChange={(key: Key | null) => onFiltersChange({ file: key as LogFile })}
        >
          {logFiles.map((file) => (
            <SelectItem key={file} id={file}>
              {file}
            </SelectItem>
          ))}
        </Select>
      )}
      <Select
        label="Level"
        selectedKey={filters.level}
        onSelectionChange={(key: Key | null) => onFiltersChange({ level: key as LevelOption })}
      >
        {levelOptions.map((level) => (
          <SelectItem key={level} id={level}>
            {levelLabels[level]}
          </SelectItem>
        ))}
      </Select>
      <Select
        label="Module"
        selectedKey={filters.logger ?? ALL_MODULES}
        onSelectionChange={(key: Key | null) =>
          onFiltersChange({ logger: key === ALL_MODULES ? null : String(key) })
        }
      >
        {modules.map((name) => (
          <SelectItem key={name} id={name}>
            {name === ALL_MODULES ? 'All modules' : name}
          </SelectItem>
        ))}
      </Select>
      <SearchField
        label="Search"
        className={styles.wide}
        value={search}
        onChange={setSearch}
        placeholder="Message or context"
      />
      <DateTimeField
        label="After"
        className={styles.wide}
        value={filters.after}
        onChange={(after) => onFiltersChange({ after })}
      />
      <DateTimeField
        label="Before"
        className={styles.wide}
        value={filters.before}
        onChange={(before) => onFiltersChange({ before })}
      />
    </Tiles>
  )
}
