-- A photo's reading was stored twice: attachments.reading_id and manual_entries.attachment_id
-- (migration 012), and a manual reading wrote the second with an extra UPDATE. The entry's link,
-- with its foreign key and index, stays; an attachment's reading is read through it.
ALTER TABLE attachments DROP COLUMN reading_id;
