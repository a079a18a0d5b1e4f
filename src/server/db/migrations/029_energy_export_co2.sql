-- Issue 35: whether a group's CO2 figures credit exported energy at the emission factor. A column
-- of its own, as the start day and currency are (the jsonb columns hold the dated lists, read
-- whole): existing groups read false without rewriting a row, and no row still means the
-- defaults. The tariffs' feed-in prices and demand charges live in the tariffs' jsonb.
ALTER TABLE group_energy_settings ADD COLUMN credit_export_co2 boolean NOT NULL DEFAULT false;
