import { TextInput } from "@mantine/core";
import { type Control, Controller } from "react-hook-form";

/** The 6-digit code of a second factor: digits only, offered to the phone's one-time-code autofill. */
export function OneTimeCodeField({ control, label }: { control: Control<{ code: string }>; label: string }) {
  return (
    <Controller
      control={control}
      name="code"
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value.replace(/\D/g, ""))}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          w={200}
        />
      )}
    />
  );
}
