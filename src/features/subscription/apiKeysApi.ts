import { z } from 'zod';
import { apiKeyResponseSchema } from '../../../kernel/subscription/subscriptionSchemas';
import { apiClient, type HttpClient } from '../../api/httpClient';

export type ApiKey = z.infer<typeof apiKeyResponseSchema>;
/** A key just created: the secret itself is shown this once. */
export type CreatedApiKey = ApiKey & { key: string };

const listSchema = z.object({ api_keys: z.array(apiKeyResponseSchema) });
const createdSchema = apiKeyResponseSchema.extend({ key: z.string() });

/** The Pro user's REST API keys: list, create (secret shown once), revoke. */
export function createApiKeysApi(client: HttpClient = apiClient) {
  const options = { credentials: true, retries: 0 } as const;
  return {
    async list(): Promise<ApiKey[]> {
      return listSchema.parse(await client.get('/account/api-keys', options)).api_keys;
    },
    async create(name: string): Promise<CreatedApiKey> {
      return createdSchema.parse(await client.post('/account/api-keys', { name }, options));
    },
    async revoke(id: string): Promise<void> {
      await client.delete(`/account/api-keys/${encodeURIComponent(id)}`, options);
    },
  };
}

export type ApiKeysApi = ReturnType<typeof createApiKeysApi>;

export const apiKeysApi: ApiKeysApi = createApiKeysApi();
