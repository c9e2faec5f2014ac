-- A group account's member clinics: a clinic belongs to one group at most. The group's users
-- reach a clinic through their own access to it (user_access), as the account switcher does.
CREATE TABLE group_members (
    member_id INTEGER NOT NULL PRIMARY KEY REFERENCES customers(id),
    group_id INTEGER NOT NULL REFERENCES customers(id)
);
CREATE INDEX group_members_by_group ON group_members (group_id, member_id);
