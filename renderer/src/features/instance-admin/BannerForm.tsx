import { Checkbox, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  BANNER_DIALOG_LINK,
  BANNER_DIALOG_MAX,
  BANNER_MESSAGE_MAX,
  type BannerVariant,
  isBannerConsolePath,
} from '../../../../server/contract/instance-admin';
import { ErrorNotice } from '../../components/ErrorNotice/ErrorNotice';
import { FormActions } from '../../components/FormActions/FormActions';
import { useFormSubmit } from '../../components/FormActions/use-form-submit';
import { BannerMarkdown } from './BannerMarkdown';
import type { Banner, CreateBanner } from './instance-admin-api';

const VARIANTS = [
  { value: 'info', label: 'Information' },
  { value: 'warning', label: 'Warning' },
  { value: 'error', label: 'Error' },
  { value: 'success', label: 'Success' },
];

/** What the form holds, as the API takes it; blank optional fields are sent as null. */
export function bannerBody(
  draft: Record<keyof typeof EMPTY, string> & { enabled: boolean; sticky: boolean },
): CreateBanner {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  return {
    message: draft.message.trim(),
    variant: draft.variant as BannerVariant,
    enabled: draft.enabled,
    sticky: draft.sticky,
    icon: optional(draft.icon),
    link: optional(draft.link),
    linkText: optional(draft.linkText),
    dialogTitle: optional(draft.dialogTitle),
    dialog: optional(draft.dialog),
  };
}

const EMPTY = {
  message: '',
  variant: 'info',
  icon: '',
  link: '',
  linkText: '',
  dialogTitle: '',
  dialog: '',
};

/** The optional one-line fields, in the form's order: [field, label, description]. */
const LINE_FIELDS = [
  [
    'icon',
    'Icon (optional)',
    'A Material icon name as in Unleash (campaign, build…); empty: the kind’s own; none: no icon',
  ],
  ['link', 'Link (optional)', undefined],
  ['linkText', 'Link text (optional)', undefined],
  ['dialogTitle', 'Details title (optional)', undefined],
] as const;

/** A link is an http(s) address, a path of the console or `dialog`, as the server requires. */
export function linkProblem(link: string): string | null {
  if (!link.trim()) return null;
  if (link.trim() === BANNER_DIALOG_LINK || isBannerConsolePath(link.trim())) return null;
  try {
    const url = new URL(link.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // not a URL
  }
  return 'Enter an http or https address, a console path such as /admin/users, or "dialog"';
}

/** The form's fields: the banner's, or blank for a new one. */
function draftOf(banner: Banner | undefined) {
  return {
    message: banner?.message ?? EMPTY.message,
    variant: banner?.variant ?? EMPTY.variant,
    icon: banner?.icon ?? '',
    link: banner?.link ?? '',
    linkText: banner?.linkText ?? '',
    dialogTitle: banner?.dialogTitle ?? '',
    dialog: banner?.dialog ?? '',
    enabled: banner?.enabled ?? true,
    sticky: banner?.sticky ?? false,
  };
}

export function BannerForm({
  banner,
  onSave,
  onCancel,
}: {
  banner?: Banner;
  onSave: (body: CreateBanner) => Promise<void>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(banner));
  const { submitting, error, showErrors, submit } = useFormSubmit();
  const set = (field: keyof typeof draft) => (value: string | boolean) =>
    setDraft((d) => ({ ...d, [field]: value }));
  const messageProblem = draft.message.trim() ? null : 'Write the banner text';
  const badLink = linkProblem(draft.link);

  return (
    <form
      onSubmit={(event) =>
        submit(event, messageProblem !== null || badLink !== null, () => onSave(bannerBody(draft)))
      }
      noValidate
    >
      <Stack gap="sm">
        {error ? <ErrorNotice error={error} title="The banner was not saved" /> : null}
        <BannerMessageField
          message={draft.message}
          onChange={set('message')}
          error={showErrors ? messageProblem : undefined}
        />
        <Select
          label="Kind"
          data={VARIANTS}
          value={draft.variant}
          onChange={(value) => set('variant')(value ?? 'info')}
          allowDeselect={false}
        />
        {LINE_FIELDS.map(([field, label, description]) => (
          <TextInput
            key={field}
            label={label}
            description={description}
            value={draft[field]}
            onChange={(event) => set(field)(event.currentTarget.value)}
            error={field === 'link' ? badLink : undefined}
          />
        ))}
        <Textarea
          label="Details (optional)"
          description="Markdown shown in a dialog when people open the banner's details."
          rows={4}
          maxLength={BANNER_DIALOG_MAX}
          value={draft.dialog}
          onChange={(event) => set('dialog')(event.currentTarget.value)}
        />
        <Checkbox
          label="Shown now"
          checked={draft.enabled}
          onChange={(event) => set('enabled')(event.currentTarget.checked)}
        />
        <Checkbox
          label="Sticky: stays in view while the screen scrolls"
          checked={draft.sticky}
          onChange={(event) => set('sticky')(event.currentTarget.checked)}
        />
        <FormActions
          submitLabel={banner ? 'Save banner' : 'Create banner'}
          submitting={submitting}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** The banner's Markdown text, with its preview below once something is written. */
function BannerMessageField({
  message,
  onChange,
  error,
}: {
  message: string;
  onChange: (message: string) => void;
  error: string | null | undefined;
}) {
  return (
    <>
      <Textarea
        label="Message"
        description="Markdown: **bold**, _italic_, [links](https://…). No HTML or images."
        rows={2}
        maxLength={BANNER_MESSAGE_MAX}
        value={message}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        data-autofocus
      />
      {message.trim() ? (
        <Text size="sm" c="dimmed" component="div" aria-label="Preview">
          <BannerMarkdown text={message} />
        </Text>
      ) : null}
    </>
  );
}
