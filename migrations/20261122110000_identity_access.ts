import { type Kysely, sql } from 'kysely';

// Identity and access (shared/unleash/API.md §4, §7.1, §7.2): users, roles and their
// permissions, project role assignments, groups, hashed API tokens and personal access tokens,
// login sessions, password reset tokens and public invite links. Project ids are plain text
// without a foreign key: the projects table belongs to the flag model and may be created later.

const ROOT_PERMISSIONS: Array<[string, string]> = [
  ['ADMIN', 'Administer everything'],
  ['CREATE_STRATEGY', 'Create strategy types'],
  ['UPDATE_STRATEGY', 'Update strategy types'],
  ['DELETE_STRATEGY', 'Delete strategy types'],
  ['CREATE_ADDON', 'Create integrations'],
  ['UPDATE_ADDON', 'Update integrations'],
  ['DELETE_ADDON', 'Delete integrations'],
  ['UPDATE_APPLICATION', 'Update applications'],
  ['CREATE_TAG_TYPE', 'Create tag types'],
  ['UPDATE_TAG_TYPE', 'Update tag types'],
  ['DELETE_TAG_TYPE', 'Delete tag types'],
  ['CREATE_PROJECT', 'Create projects'],
  ['CREATE_CONTEXT_FIELD', 'Create context fields'],
  ['UPDATE_CONTEXT_FIELD', 'Update context fields'],
  ['DELETE_CONTEXT_FIELD', 'Delete context fields'],
  ['READ_ROLE', 'Read roles'],
  ['CREATE_SEGMENT', 'Create segments'],
  ['UPDATE_SEGMENT', 'Update segments'],
  ['DELETE_SEGMENT', 'Delete segments'],
  ['CREATE_CLIENT_API_TOKEN', 'Create backend API tokens'],
  ['UPDATE_CLIENT_API_TOKEN', 'Update backend API tokens'],
  ['DELETE_CLIENT_API_TOKEN', 'Delete backend API tokens'],
  ['READ_CLIENT_API_TOKEN', 'Read backend API tokens'],
  ['CREATE_FRONTEND_API_TOKEN', 'Create frontend API tokens'],
  ['UPDATE_FRONTEND_API_TOKEN', 'Update frontend API tokens'],
  ['DELETE_FRONTEND_API_TOKEN', 'Delete frontend API tokens'],
  ['READ_FRONTEND_API_TOKEN', 'Read frontend API tokens'],
  ['RELEASE_PLAN_TEMPLATE_CREATE', 'Create release templates'],
  ['RELEASE_PLAN_TEMPLATE_UPDATE', 'Update release templates'],
  ['RELEASE_PLAN_TEMPLATE_DELETE', 'Delete release templates'],
  ['UPDATE_MAINTENANCE_MODE', 'Switch maintenance mode'],
  ['UPDATE_INSTANCE_BANNERS', 'Manage banners'],
  ['UPDATE_AUTH_CONFIGURATION', 'Configure authentication'],
  ['READ_LOGS', 'Read login history'],
  ['UPDATE_CORS', 'Update CORS origins'],
];

const PROJECT_PERMISSIONS: Array<[string, string]> = [
  ['CREATE_FEATURE', 'Create flags'],
  ['UPDATE_FEATURE', 'Update flags'],
  ['DELETE_FEATURE', 'Delete flags'],
  ['UPDATE_PROJECT', 'Update the project'],
  ['DELETE_PROJECT', 'Delete the project'],
  ['UPDATE_FEATURE_VARIANTS', 'Update flag variants'],
  ['MOVE_FEATURE_TOGGLE', 'Move flags to another project'],
  ['READ_PROJECT_API_TOKEN', 'Read project API tokens'],
  ['CREATE_PROJECT_API_TOKEN', 'Create project API tokens'],
  ['DELETE_PROJECT_API_TOKEN', 'Delete project API tokens'],
  ['UPDATE_PROJECT_SEGMENT', 'Manage project segments'],
  ['UPDATE_FEATURE_DEPENDENCY', 'Manage flag dependencies'],
  ['PROJECT_USER_ACCESS_READ', 'Read who has access to the project'],
  ['PROJECT_DEFAULT_STRATEGY_READ', 'Read default strategies'],
  ['PROJECT_CHANGE_REQUEST_READ', 'Read change request settings'],
  ['PROJECT_SETTINGS_READ', 'Read project settings'],
  ['PROJECT_USER_ACCESS_WRITE', 'Manage who has access to the project'],
  ['PROJECT_DEFAULT_STRATEGY_WRITE', 'Change default strategies'],
  ['PROJECT_CHANGE_REQUEST_WRITE', 'Change change request settings'],
  ['PROJECT_SETTINGS_WRITE', 'Change project settings'],
  ['UPDATE_PROJECT_CONTEXT', 'Manage project context fields'],
  ['UPDATE_PROJECT_RELEASE_TEMPLATE', 'Manage project release templates'],
];

const ENVIRONMENT_PERMISSIONS: Array<[string, string]> = [
  ['CREATE_FEATURE_STRATEGY', 'Add strategies'],
  ['UPDATE_FEATURE_STRATEGY', 'Update strategies'],
  ['DELETE_FEATURE_STRATEGY', 'Remove strategies'],
  ['UPDATE_FEATURE_ENVIRONMENT', 'Enable and disable flags'],
  ['UPDATE_FEATURE_ENVIRONMENT_VARIANTS', 'Update environment variants'],
  ['APPROVE_CHANGE_REQUEST', 'Approve change requests'],
  ['APPLY_CHANGE_REQUEST', 'Apply change requests'],
  ['SKIP_CHANGE_REQUEST', 'Skip change requests'],
];

const BUILT_IN_ROLES: Array<[number, string, string, string]> = [
  [1, 'Admin', 'root', 'Full control of the instance: users, roles, tokens and every project.'],
  [2, 'Editor', 'root', 'Works on flags in the default project and on shared configuration; no user admin.'],
  [3, 'Viewer', 'root', 'Reads everything except API tokens; changes nothing unless given a project role.'],
  [4, 'Owner', 'project', 'Full control of one project, including who has access to it.'],
  [5, 'Member', 'project', 'Works on the flags of one project.'],
  [6, 'Reader', 'project', 'Reads one project.'],
];

// Seeded role rows (§7.2). Environment permissions are granted with environment '*': every
// environment, including ones created later, as the built-in roles follow new environments.
const FLAG_WORK = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_FEATURE_VARIANTS',
  'UPDATE_FEATURE_DEPENDENCY',
  'READ_PROJECT_API_TOKEN',
  'CREATE_PROJECT_API_TOKEN',
  'DELETE_PROJECT_API_TOKEN',
];
const ENV_WORK = [
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
];
const ROLE_GRANTS: Record<number, { plain: string[]; environment: string[] }> = {
  1: { plain: ['ADMIN'], environment: [] },
  2: {
    plain: [
      'CREATE_ADDON',
      'UPDATE_ADDON',
      'DELETE_ADDON',
      'CREATE_CONTEXT_FIELD',
      'UPDATE_CONTEXT_FIELD',
      'DELETE_CONTEXT_FIELD',
      'CREATE_PROJECT',
      'CREATE_SEGMENT',
      'UPDATE_SEGMENT',
      'DELETE_SEGMENT',
      'CREATE_STRATEGY',
      'UPDATE_STRATEGY',
      'DELETE_STRATEGY',
      'CREATE_TAG_TYPE',
      'UPDATE_TAG_TYPE',
      'DELETE_TAG_TYPE',
      'READ_CLIENT_API_TOKEN',
      'READ_FRONTEND_API_TOKEN',
      'RELEASE_PLAN_TEMPLATE_CREATE',
      'RELEASE_PLAN_TEMPLATE_UPDATE',
      'UPDATE_APPLICATION',
      ...FLAG_WORK,
      'UPDATE_PROJECT',
      'DELETE_PROJECT',
      'MOVE_FEATURE_TOGGLE',
    ],
    environment: ENV_WORK,
  },
  4: {
    plain: [
      ...FLAG_WORK,
      'UPDATE_PROJECT',
      'DELETE_PROJECT',
      'MOVE_FEATURE_TOGGLE',
      'UPDATE_PROJECT_SEGMENT',
      'UPDATE_PROJECT_CONTEXT',
      'UPDATE_PROJECT_RELEASE_TEMPLATE',
    ],
    environment: ENV_WORK,
  },
  5: { plain: FLAG_WORK, environment: ENV_WORK },
};

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('username', 'text')
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('login_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_service', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('seen_at', 'timestamptz')
    .addColumn('created_by_user_id', 'integer')
    .execute();
  // Logins match case-insensitively, so uniqueness does too.
  await sql`create unique index users_username_lower_idx on users (lower(username)) where username is not null`.execute(
    db,
  );
  await sql`create unique index users_email_lower_idx on users (lower(email)) where email is not null`.execute(
    db,
  );

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('root', 'project', 'environment')`))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('root', 'project', 'root-custom', 'custom')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz')
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await sql`create unique index roles_name_lower_idx on roles (lower(name))`.execute(db);

  // environment: '' for root and project permissions, an environment name or '*' for all.
  await db.schema
    .createTable('role_permission')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission', 'text', (c) => c.notNull().references('permissions.name').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('role_permission_pkey', ['role_id', 'permission', 'environment'])
    .execute();

  // project null: the user's root role (exactly one, by the partial unique index).
  await db.schema
    .createTable('role_user')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .execute();
  await sql`create unique index role_user_root_idx on role_user (user_id) where project is null`.execute(db);
  await sql`create unique index role_user_project_idx on role_user (user_id, role_id, project) where project is not null`.execute(
    db,
  );
  await db.schema.createIndex('role_user_project_lookup_idx').on('role_user').column('project').execute();
  await db.schema.createIndex('role_user_role_idx').on('role_user').column('role_id').execute();

  await db.schema
    .createTable('groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('mappings_sso', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index groups_name_lower_idx on groups (lower(name))`.execute(db);

  await db.schema
    .createTable('group_user')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('group_user_pkey', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_user_user_idx').on('group_user').column('user_id').execute();

  // project null: the group's root role.
  await db.schema
    .createTable('group_role')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .addColumn('project', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`create unique index group_role_root_idx on group_role (group_id) where project is null`.execute(
    db,
  );
  await sql`create unique index group_role_project_idx on group_role (group_id, role_id, project) where project is not null`.execute(
    db,
  );
  await db.schema.createIndex('group_role_project_lookup_idx').on('group_role').column('project').execute();
  await db.schema.createIndex('group_role_role_idx').on('group_role').column('role_id').execute();

  // Only a SHA-256 of each secret is kept; `prefix` is the non-secret handle lists show.
  // A deleted token seeded from configuration keeps a tombstone (deleted_at) so the next
  // start does not bring it back.
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull().unique())
    .addColumn('token_name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('client', 'frontend', 'admin')`))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('alias', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .addColumn('seeded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_tokens_name_idx').on('api_tokens').column('token_name').execute();

  await db.schema
    .createTable('api_token_projects')
    .addColumn('token_id', 'integer', (c) => c.notNull().references('api_tokens.id').onDelete('cascade'))
    .addColumn('project', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('api_token_projects_pkey', ['token_id', 'project'])
    .execute();
  await db.schema
    .createIndex('api_token_projects_project_idx')
    .on('api_token_projects')
    .column('project')
    .execute();

  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('seen_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by_user_id', 'integer')
    .addUniqueConstraint('personal_access_tokens_user_description_key', ['user_id', 'description'])
    .execute();

  // The cookie carries a random session id; only its SHA-256 is stored.
  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('reset_tokens_user_idx').on('reset_tokens').column('user_id').execute();

  // Invite links are shown to admins again (the link must be shareable), so the secret is kept.
  await db.schema
    .createTable('public_signup_tokens')
    .addColumn('secret', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
    .execute();

  await db.schema
    .createTable('public_signup_token_users')
    .addColumn('secret', 'text', (c) =>
      c.notNull().references('public_signup_tokens.secret').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('public_signup_token_users_pkey', ['secret', 'user_id'])
    .execute();

  const permissionRows = [
    ...ROOT_PERMISSIONS.map(([name, display]) => ({ name, display_name: display, type: 'root' })),
    ...PROJECT_PERMISSIONS.map(([name, display]) => ({ name, display_name: display, type: 'project' })),
    ...ENVIRONMENT_PERMISSIONS.map(([name, display]) => ({
      name,
      display_name: display,
      type: 'environment',
    })),
  ];
  await db.insertInto('permissions').values(permissionRows).execute();

  await db
    .insertInto('roles')
    .values(BUILT_IN_ROLES.map(([id, name, type, description]) => ({ id, name, type, description })))
    .execute();
  // Custom roles continue after the built-in ids.
  await sql`select setval('roles_id_seq', (select max(id) from roles))`.execute(db);

  const grants = Object.entries(ROLE_GRANTS).flatMap(([roleId, { plain, environment }]) => [
    ...plain.map((permission) => ({ role_id: Number(roleId), permission, environment: '' })),
    ...environment.map((permission) => ({ role_id: Number(roleId), permission, environment: '*' })),
  ]);
  await db.insertInto('role_permission').values(grants).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'public_signup_token_users',
    'public_signup_tokens',
    'reset_tokens',
    'sessions',
    'personal_access_tokens',
    'api_token_projects',
    'api_tokens',
    'group_role',
    'group_user',
    'groups',
    'role_user',
    'role_permission',
    'roles',
    'permissions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
