import { type Static, Type } from 'typebox';
import { Nullable } from './admin-common';

/** Tag types, tags and the tags of a flag (shared/unleash/SCHEMAS.md: tagSchema, tagTypeSchema...). */

const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' });

export const TagSchema = Type.Object({
  value: Type.String({ minLength: 2, maxLength: 50 }),
  type: Type.String({ minLength: 2, maxLength: 50 }),
  color: Type.Optional(Nullable(Color)),
});
export type Tag = Static<typeof TagSchema>;

export const CreateTagSchema = Type.Object({
  value: Type.String({ pattern: '^\\s*\\S.{0,48}\\S\\s*$' }),
  type: Type.String({ minLength: 2, maxLength: 50 }),
  color: Type.Optional(Nullable(Color)),
});

export const TagsSchema = Type.Object({ version: Type.Integer(), tags: Type.Array(TagSchema) });
export const TagWithVersionSchema = Type.Object({ version: Type.Integer(), tag: TagSchema });

export const UpdateTagsSchema = Type.Object({
  addedTags: Type.Array(TagSchema),
  removedTags: Type.Array(TagSchema),
});
export type UpdateTags = Static<typeof UpdateTagsSchema>;

export const TagsBulkAddSchema = Type.Object({
  features: Type.Array(Type.String({ minLength: 1 })),
  tags: UpdateTagsSchema,
});

export const TagTypeSchema = Type.Object(
  {
    name: Type.String({ minLength: 2, maxLength: 50 }),
    description: Type.Optional(Type.String()),
    icon: Type.Optional(Nullable(Type.String())),
    color: Type.Optional(Nullable(Color)),
  },
  { additionalProperties: false },
);
export type TagType = Static<typeof TagTypeSchema>;

export const UpdateTagTypeSchema = Type.Object({
  description: Type.Optional(Type.String()),
  icon: Type.Optional(Type.String()),
  color: Type.Optional(Color),
});
export type UpdateTagType = Static<typeof UpdateTagTypeSchema>;

export const TagTypesSchema = Type.Object({ version: Type.Integer(), tagTypes: Type.Array(TagTypeSchema) });
export const TagTypeWithVersionSchema = Type.Object({ version: Type.Integer(), tagType: TagTypeSchema });
export const ValidateTagTypeSchema = Type.Object({ valid: Type.Boolean(), tagType: TagTypeSchema });
