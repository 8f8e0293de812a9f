import { useMutation } from "@tanstack/react-query";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { splitServerError } from "./server-errors.ts";

/**
 * A form's save through react-query's useMutation (issue 37 §3): busy and error come from the
 * mutation, not from flags kept by hand. A refusal's field errors go under their fields (any field
 * of the form's values, or those named), the rest is `formError`; a new submit clears it.
 */
export function useFormMutation<TIn extends FieldValues, TOut, R>(
  form: UseFormReturn<TIn, unknown, TOut>,
  options: {
    mutationFn: (values: TOut) => Promise<R>;
    onSuccess?: (result: R, values: TOut) => unknown;
    /** the fields a refusal's details may name; by default every field of the form's values */
    fields?: readonly Path<TIn>[];
    /** where a 'This {thing} already exists' answer belongs */
    duplicateField?: Path<TIn>;
  },
) {
  const target = () => ({
    fields: options.fields ?? (Object.keys(form.getValues()) as Path<TIn>[]),
    duplicateField: options.duplicateField,
  });
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onSuccess: options.onSuccess,
    onError: (error) => {
      for (const [field, message] of splitServerError(error, target()).fieldErrors) {
        form.setError(field, { type: "server", message });
      }
    },
  });
  const submit = form.handleSubmit(async (values) => {
    mutation.reset();
    // the refusal is shown through the mutation's error; nothing more to do with it here
    await mutation.mutateAsync(values).catch(() => undefined);
  });
  return {
    submit,
    /** the refusal's message for the whole form, or null */
    formError: mutation.error ? splitServerError(mutation.error, target()).message : null,
    mutation,
  };
}
