-- Elevated users list every group's devices by name: without an index on the name alone each
-- page sorts every device of every tenant.
CREATE INDEX devices_name_idx ON devices (lower(name), id);
