import type { ProfileData } from '../../src/ui/ProfileCard'

/** A profiled `GET /devices/{id}/consumption/intervals/today`: fixed numbers, one query per timing class. */
export const intervalsProfile: ProfileData = {
  total_duration_ms: 412.6,
  total_db_queries: 6,
  memory_delta_mb: 3.42,
  steps: [
    {
      name: 'authenticate',
      details: 'Session cookie verified, user loaded',
      duration_ms: 18.4,
      query_count: 1,
      queries: ['SELECT id, email, role, group_id FROM users WHERE id = $1'],
      query_timings: [
        { query: 'SELECT id, email, role, group_id FROM users WHERE id = $1', duration_ms: 3.2 },
      ],
      python_execution_ms: 14.1,
    },
    {
      name: 'load_device',
      details: 'Tenant scope applied (group 7)',
      duration_ms: 74.9,
      query_count: 2,
      queries: [
        'SELECT * FROM devices WHERE id = $1 AND group_id = $2',
        'SELECT timezone FROM device_settings WHERE device_id = $1',
      ],
      query_timings: [
        { query: 'SELECT * FROM devices WHERE id = $1 AND group_id = $2', duration_ms: 61.7 },
        { query: 'SELECT timezone FROM device_settings WHERE device_id = $1', duration_ms: 4.8 },
      ],
      python_execution_ms: 6.3,
    },
    {
      name: 'aggregate_intervals',
      details: 'granularity=hourly, timezone=UTC, 96 readings',
      duration_ms: 268.0,
      query_count: 2,
      queries: [
        "SELECT date_trunc('hour', ts) AS bucket, max(kwh) - min(kwh) AS rise FROM readings WHERE device_id = $1 AND ts >= $2 AND ts < $3 GROUP BY 1 ORDER BY 1",
        'SELECT ts, kwh FROM readings WHERE device_id = $1 AND ts < $2 ORDER BY ts DESC LIMIT 1',
      ],
      query_timings: [
        {
          query:
            "SELECT date_trunc('hour', ts) AS bucket, max(kwh) - min(kwh) AS rise FROM readings WHERE device_id = $1 AND ts >= $2 AND ts < $3 GROUP BY 1 ORDER BY 1",
          duration_ms: 182.3,
        },
        {
          query:
            'SELECT ts, kwh FROM readings WHERE device_id = $1 AND ts < $2 ORDER BY ts DESC LIMIT 1',
          duration_ms: 22.9,
        },
      ],
      python_execution_ms: 58.4,
    },
    {
      name: 'serialise_response',
      details: null,
      duration_ms: 21.6,
      query_count: 1,
      queries: ['INSERT INTO audit_log (request_id, user_id, action) VALUES ($1, $2, $3)'],
      query_timings: [
        {
          query: 'INSERT INTO audit_log (request_id, user_id, action) VALUES ($1, $2, $3)',
          duration_ms: 2.1,
        },
      ],
      python_execution_ms: 19.2,
    },
  ],
}

/** Memory released, nothing slow: the green paths. */
export const lightProfile: ProfileData = {
  total_duration_ms: 36.2,
  total_db_queries: 1,
  memory_delta_mb: -0.75,
  steps: [
    {
      name: 'list_notifications',
      details: 'limit=20, unread_only=false',
      duration_ms: 36.2,
      query_count: 1,
      queries: [
        'SELECT * FROM notification_deliveries WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20',
      ],
      query_timings: [
        {
          query:
            'SELECT * FROM notification_deliveries WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20',
          duration_ms: 12.5,
        },
      ],
      python_execution_ms: 20.1,
    },
  ],
}

export const emptyProfile: ProfileData = {
  total_duration_ms: 0,
  total_db_queries: 0,
  memory_delta_mb: 0,
  steps: [],
}

const longQuery =
  'WITH bounds AS (SELECT device_id, min(ts) AS first_ts, max(ts) AS last_ts FROM readings WHERE group_id = $1 AND ts BETWEEN $2 AND $3 GROUP BY device_id), ' +
  'rises AS (SELECT r.device_id, date_trunc($4, r.ts AT TIME ZONE $5) AS bucket, max(r.kwh) - min(r.kwh) AS rise FROM readings r JOIN bounds b USING (device_id) GROUP BY 1, 2) ' +
  'SELECT d.id, d.name, d.serial_number, d.location, rises.bucket, rises.rise FROM devices d JOIN rises ON rises.device_id = d.id ORDER BY d.name, rises.bucket'

export const longTextProfile: ProfileData = {
  total_duration_ms: 1893.4,
  total_db_queries: 3,
  memory_delta_mb: 18.06,
  steps: [
    {
      name: 'aggregate_group_consumption_for_all_devices_in_the_selected_tenant_with_timezone_conversion',
      details:
        'granularity=daily, timezone=America/St_Johns (half-hour offset), 412 devices, 1,183,220 readings scanned, include_metadata=true, buffer_minutes=15',
      duration_ms: 1741.2,
      query_count: 3,
      queries: [longQuery],
      query_timings: [
        { query: longQuery, duration_ms: 1502.7 },
        { query: 'SELECT count(*) FROM readings WHERE group_id = $1', duration_ms: 88.0 },
        { query: 'SELECT 1', duration_ms: 0.4 },
      ],
      python_execution_ms: 140.5,
    },
  ],
}
