import { describe, expect, it } from 'vitest';
import { bodyOfDraft, draftFor, draftProblems, isDirty } from './integration-draft';
import { integrationsPageOf } from './integration-paths';
import { SLACK_APP, savedWebhook, WEBHOOK } from './integrations-fake-server';

describe('integration drafts', () => {
  it('starts a new configuration enabled and empty, and an edit from the saved values with the mask', () => {
    expect(draftFor(WEBHOOK)).toEqual({
      provider: 'webhook',
      description: '',
      enabled: true,
      parameters: { url: '', authorization: '', bodyTemplate: '' },
      events: [],
      projects: [],
      environments: [],
    });
    const edit = draftFor(
      WEBHOOK,
      savedWebhook({ parameters: { url: 'https://a.example', authorization: '*****', extra: 5 } }),
    );
    expect(edit.parameters).toEqual({ url: 'https://a.example', authorization: '*****', bodyTemplate: '' });
    expect(edit.environments).toEqual(['production']);
  });

  it('names the missing required parameter, a URL that is not http(s), and no events', () => {
    const draft = draftFor(WEBHOOK);
    expect(draftProblems(WEBHOOK, draft)).toEqual({
      'parameters.url': 'Webhook URL is required',
      events: 'Choose at least one event to send',
    });
    draft.parameters.url = 'ftp://files.example.com';
    draft.events = ['feature-created'];
    expect(draftProblems(WEBHOOK, draft)).toEqual({
      'parameters.url': 'Enter a full http:// or https:// address',
    });
    draft.parameters.url = 'https://hooks.example.com';
    expect(draftProblems(WEBHOOK, draft)).toEqual({});
    expect(draftProblems(SLACK_APP, { ...draftFor(SLACK_APP), events: ['feature-created'] })).toEqual({
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
