-- Book statuses as the shop's front end reads them (issue 45): COMPLETED means "finished by its owner, ready to
-- order", no longer "its order set was delivered" (delivery is the order set's status). A stored layout is OPEN,
-- IN_WORK or DELETED; `finished` records the owner's layout/finish until the next edit; INORDER (in the cart) and
-- COMPLETED are derived when read. Books of delivered sets stay frozen, as IN_WORK.
UPDATE layouts SET status = 'IN_WORK' WHERE status = 'COMPLETED';
ALTER TABLE layouts DROP CONSTRAINT layouts_status_check;
ALTER TABLE layouts ADD CONSTRAINT layouts_status_check CHECK (status IN ('OPEN', 'IN_WORK', 'DELETED'));
ALTER TABLE layouts ADD COLUMN finished boolean NOT NULL DEFAULT false;
