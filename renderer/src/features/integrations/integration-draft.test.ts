import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { fieldErrorsOf } from '../../components/ErrorNotice/field-errors';
import {
  bodyOfDraft,
  draftFor,
  draftProblems,
  isDirty,
  revealedSecrets,
  withBodyPointers,
} from './integration-draft';
import { integrationsPageOf } from './integration-paths';
import { SLACK_APP, savedWebhook, WEBHOOK } from './integrations-fake-server';

describe('integration drafts', () => {
  it('starts a new configuration enabled and empty, and an edit from the saved values with the mask', () => {
    expect(draftFor(WEBHOOK)).toEqual({
      provider: 'webhook',
      description: '',
      enabled: true,
      parameters: { url: '', authorization: '', bodyTemplate: '', signingSecret: '' },
      events: [],
      projects: [],
      environments: [],
    });
    const edit = draftFor(
      WEBHOOK,
      savedWebhook({ parameters: { url: 'https://a.example', authorization: '*****', extra: 5 } }),
    );
    expect(edit.parameters).toEqual({
      url: 'https://a.example',
      authorization: '*****',
      bodyTemplate: '',
      signingSecret: '',
    });
    expect(edit.environments).toEqual(['production']);
  });

  it('names the missing required parameter, a URL that is not http(s), and no events', () => {
    const draft = draftFor(WEBHOOK);
    expect(draftProblems(WEBHOOK, draft, false)).toEqual({
      'parameters.url': 'Webhook URL is required',
      events: 'Choose at least one event to send',
    });
    draft.parameters.url = 'ftp://files.example.com';
    draft.events = ['feature-created'];
    expect(draftProblems(WEBHOOK, draft, false)).toEqual({
      'parameters.url': 'Enter a full http:// or https:// address',
    });
    draft.parameters.url = 'https://hooks.example.com';
    expect(draftProblems(WEBHOOK, draft, false)).toEqual({});
    expect(draftProblems(SLACK_APP, { ...draftFor(SLACK_APP), events: ['feature-created'] }, false)).toEqual({
      'parameters.accessToken': 'Access token is required',
    });
  });

  it('sends trimmed values without the empty optional ones, keeping the mask and a template as typed', () => {
    const draft = draftFor(WEBHOOK, savedWebhook());
    draft.parameters.url = '  https://hooks.example.com/flags  ';
    draft.parameters.bodyTemplate = '{\n  "flag": "{{feature}}"\n}\n';
    draft.description = ' Deploys ';
    expect(bodyOfDraft(WEBHOOK, draft)).toEqual({
      provider: 'webhook',
      description: 'Deploys',
      enabled: true,
      parameters: {
        url: 'https://hooks.example.com/flags',
        authorization: '*****',
        bodyTemplate: '{\n  "flag": "{{feature}}"\n}\n',
      },
      events: ['feature-created'],
      projects: [],
      environments: ['production'],
    });
  });

  it('tells an edited form from the saved one', () => {
    const saved = savedWebhook();
    const draft = draftFor(WEBHOOK, saved);
    expect(isDirty(WEBHOOK, saved, draft)).toBe(false);
    expect(isDirty(WEBHOOK, saved, { ...draft, enabled: false })).toBe(true);
  });
});

describe('server answers', () => {
  it('puts the dotted field paths of the service and the pointers of the schema next to their fields', () => {
    const error = new ApiError({
      status: 400,
      errorName: 'BadDataError',
      message: 'Invalid',
      details: [
        { path: 'parameters.url', message: 'not allowed' },
        { path: '/body/events/0', message: 'too long' },
        { path: 'parameters', message: 'url is required' },
        { message: 'general' },
      ],
    });
    expect(fieldErrorsOf(withBodyPointers(error))).toEqual({
      'parameters.url': 'not allowed',
      'events.0': 'too long',
      parameters: 'url is required',
    });
    expect(withBodyPointers('offline')).toBe('offline');
  });

  it('finds the secrets a creation shows once, not the masked ones', () => {
    const created = savedWebhook({
      parameters: { url: 'https://a.example', authorization: '*****', signingSecret: 'whsec_1' },
    });
    expect(revealedSecrets(WEBHOOK, created)).toEqual([{ label: 'Signing secret', value: 'whsec_1' }]);
    expect(revealedSecrets(WEBHOOK, savedWebhook())).toEqual([]);
  });

  it('does not check a kept secret URL when editing', () => {
    const draft = { ...draftFor(WEBHOOK), parameters: { url: '*****' }, events: ['feature-created'] };
    expect(
      draftProblems(
        { ...WEBHOOK, parameters: [{ ...WEBHOOK.parameters![0]!, sensitive: true }] },
        draft,
        true,
      ),
    ).toEqual({});
    expect(
      draftProblems(
        { ...WEBHOOK, parameters: [{ ...WEBHOOK.parameters![0]!, sensitive: true }] },
        draft,
        false,
      ),
    ).toEqual({
      'parameters.url': 'Enter a full http:// or https:// address',
    });
  });
});

describe('integrations pages', () => {
  it('reads the page from the path', () => {
    expect(integrationsPageOf('/integrations')).toEqual({ page: 'gallery' });
    expect(integrationsPageOf('/integrations/create/slack-app')).toEqual({
      page: 'create',
      provider: 'slack-app',
    });
    expect(integrationsPageOf('/integrations/edit/12')).toEqual({ page: 'edit', id: 12 });
    expect(integrationsPageOf('/integrations/edit/12/history')).toEqual({ page: 'history', id: 12 });
    expect(integrationsPageOf('/integrations/edit/0')).toEqual({ page: 'gallery' });
    expect(integrationsPageOf('/integrations/create/%E0%A4%A')).toEqual({ page: 'gallery' });
  });
});
