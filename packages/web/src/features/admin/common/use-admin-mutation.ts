import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeApiError } from '../../../api/errors.ts';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import { adminKeys, type adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { serverFieldErrors, type FieldErrors } from './field-errors.ts';

export interface AdminMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The success snackbar (an admin translation key), if any. */
  success?: string | ((result: Result) => string);
  /** The services whose queries are stale afterwards. */
  invalidates: (keyof typeof adminApi)[];
  onSuccess?: (result: Result, variables: Variables) => void;
  /** The fields a 400 answer named, to show under each field. */
  onFieldErrors?: (errors: FieldErrors) => void;
}

/**
 * A change made from the admin section: success and failure snackbars (failures through the
 * error catalogue), field errors handed back to the form, and the lists it touched refreshed.
 */
export function useAdminMutation<Variables, Result>(
  options: AdminMutationOptions<Variables, Result>,
) {
  const { t, tApp } = useAdminT();
  const { enqueue } = useSnackbar();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, variables) => {
      await Promise.all(
        options.invalidates.map((resource) =>
          queryClient.invalidateQueries({ queryKey: adminKeys.of(resource) }),
        ),
      );
      const success =
        typeof options.success === 'function' ? options.success(result) : options.success;
      if (success) enqueue(t(success), 'success');
      options.onSuccess?.(result, variables);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) options.onFieldErrors?.(fields);
      enqueue(describeApiError(error, tApp), 'error');
    },
  });
}
