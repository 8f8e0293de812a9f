import { Text } from "@mantine/core";
import type { ParticipantLanguage } from "@signet/contract";
import { languageNote } from "./package-format.ts";

/**
 * The participant's language under their name in a participants list, so the loan officer sees who
 * gets Spanish invitations and room before sending; nothing for English, the default.
 */
export function ParticipantLanguageNote(props: { language: ParticipantLanguage }) {
  const note = languageNote(props.language);
  if (!note) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="participant-language">
      {note}
    </Text>
  );
}
