import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Namespace } from '../i18n/namespaces';

export interface UseZodFormOptions<Input extends FieldValues, Output> extends Omit<UseFormProps<Input, unknown, Output>, 'resolver'> {
  /**
   * The text group the schema's messages are keys of (`errors.emailRequired` of `auth`, as the schemas
   * in src/shared write them). The design system's field translates them (src/web/ui/field.tsx).
   */
  textGroup: Namespace;
}

/** A form checked by a zod schema, the same the server checks (src/shared), on react-hook-form. */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  { textGroup, ...options }: UseZodFormOptions<Input, Output>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({ ...options, resolver: inTextGroup(zodResolver(schema), textGroup) });
}

/** The resolver's errors, their messages named with the text group: `auth:errors.emailRequired`. */
function inTextGroup<Input extends FieldValues, Output>(
  resolver: Resolver<Input, unknown, Output>,
  textGroup: Namespace,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    return { values: {}, errors: qualify(result.errors, textGroup) as FieldErrors<Input> };
  };
}

/**
 * Walks react-hook-form's error tree: a field's error has a `type` (the zod issue's code); any other
 * object or array is a group of fields.
 */
function qualify(node: unknown, textGroup: Namespace): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map((item) => qualify(item, textGroup));
  if (typeof (node as { type?: unknown }).type === 'string') {
    const { message } = node as { message?: unknown };
    return typeof message === 'string' && message !== '' ? { ...node, message: `${textGroup}:${message}` } : node;
  }
  return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, qualify(value, textGroup)]));
}
