import { z } from 'zod';
import { badRequest } from './HttpError';

z.config(z.locales.fr());

const LOCATION_LABELS = { body: 'corps', query: 'paramètre', params: 'chemin' } as const;

/** Where a request value comes from, for the error message. */
export type InputLocation = keyof typeof LOCATION_LABELS;

/**
 * Validates a request value with its zod schema; on failure throws a 400 whose `detail` names each
 * invalid field (`paramètre « limit » : …`) and whose `errors` lists them.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  location: InputLocation,
): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : location,
    message: issue.message,
  }));
  const detail = errors
    .map((error) => `${LOCATION_LABELS[location]} « ${error.field} » : ${error.message}`)
    .join(' ; ');
  throw badRequest(detail, { errors });
}
