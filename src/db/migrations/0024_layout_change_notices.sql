-- Layout changes reach the other processes by change notices sent at each editing transaction's commit
-- (src/layouts/editing/change-notices.ts), which name transactions instead of carrying their changes: the Socket.IO
-- PostgreSQL adapter and the table for its payloads over NOTIFY's limit are no longer used.
DROP TABLE IF EXISTS socket_io_attachments;
