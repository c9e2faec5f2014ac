-- The sandbox tag-manager service (ARCHITECTURE.md, "Things outside our walls"): each customer's
-- tag-manager accounts, containers and workspaces as the provider would list them, and the
-- tags, versions and publications the setup dialog makes.

CREATE TABLE tm_accounts (
    path TEXT PRIMARY KEY,              -- accounts/{n}
    customer_id BIGINT NOT NULL REFERENCES customers(id),
    name TEXT NOT NULL
);

CREATE TABLE tm_containers (
    path TEXT PRIMARY KEY,              -- accounts/{n}/containers/{m}
    account_path TEXT NOT NULL REFERENCES tm_accounts(path),
    name TEXT NOT NULL
);

CREATE TABLE tm_workspaces (
    path TEXT PRIMARY KEY,              -- .../workspaces/{k}
    container_path TEXT NOT NULL REFERENCES tm_containers(path),
    name TEXT NOT NULL,
    -- Someone else's unpublished changes: the provider then asks for a manual publish.
    has_other_changes BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE tm_tags (
    path TEXT PRIMARY KEY,              -- .../workspaces/{k}/tags/{t}
    workspace_path TEXT NOT NULL REFERENCES tm_workspaces(path),
    container_path TEXT NOT NULL REFERENCES tm_containers(path),
    campaign_ref TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE tm_versions (
    path TEXT PRIMARY KEY,              -- .../containers/{m}/versions/{v}
    container_path TEXT NOT NULL REFERENCES tm_containers(path),
    workspace_path TEXT NOT NULL,
    published_at BIGINT
);
