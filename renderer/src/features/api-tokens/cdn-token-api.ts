import type { Static } from 'typebox';
import type {
  CdnApiTokenSchema,
  CdnApiTokensSchema,
  CreatedCdnApiTokenSchema,
} from '../../../../server/contract';
import type { AdminApi } from '../../api/admin-api';

/** Wire shapes of the CDN tokens (issue 31 §5), straight from the server's contract. */
export type CdnToken = Static<typeof CdnApiTokenSchema>;
export type CdnTokens = Static<typeof CdnApiTokensSchema>;
export type CreatedCdnToken = Static<typeof CreatedCdnApiTokenSchema>;

/** `GET` needs READ_FRONTEND_API_TOKEN; `POST` needs CREATE_FRONTEND_API_TOKEN and answers 202 with the secret. */
export const cdnTokenApi = ({ client }: AdminApi) => ({
  list: () => client.get<CdnTokens>('/api/admin/cdn/tokens'),
  create: (body: CdnToken) => client.post<CreatedCdnToken>('/api/admin/cdn/tokens', body),
});
