import { irisDetailSchema, type IrisDetail } from '../../../kernel/visualizations/irisSchemas';
import { ApiError } from '../../api/ApiError';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** `GET /api/iris/details/{irisCode}`, checked against the canonical shape. */
export async function fetchIrisDetail(irisCode: string, client: HttpClient = apiClient): Promise<IrisDetail> {
  const body = await client.get<unknown>(`/iris/details/${encodeURIComponent(irisCode)}`, { retries: 1 });
  const parsed = irisDetailSchema.safeParse(body);
  if (!parsed.success) throw new ApiError('Réponse inattendue du serveur pour le détail IRIS', 500, 'IRIS_LOAD_ERROR');
  return parsed.data;
}
