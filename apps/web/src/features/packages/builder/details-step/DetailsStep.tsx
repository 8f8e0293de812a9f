import { Modal, TextInput } from "@mantine/core";
import {
  DOCUMENT_MESSAGES,
  normalizePhoneInput,
  PARTICIPANT_MESSAGES,
  type Participant,
  packageRoutes,
  participantRoutes,
} from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../../../api/api-error.ts";
import { api } from "../../../../api/client.ts";
import { openConfirmDialog } from "../../../../components/ConfirmDialog.tsx";
import { FormSection } from "../../../../components/FormSection.tsx";
import { usePermissionsQuery } from "../../../../session/permissions.ts";
import { AvEsignSection } from "../../../av-session/AvEsignSection.tsx";
import { mailingAddressBody } from "../../../print-mail/MailingAddressFields.tsx";
import { packageQueries } from "../../package-queries.ts";
import { useBuilder } from "../builder-context.tsx";
import { useBuilderCall } from "../use-builder-call.ts";
import { PackageCustomFields } from "./PackageCustomFields.tsx";
import { PackageGroups } from "./PackageGroups.tsx";
import {
  emptyParticipant,
  ParticipantForm,
  type ParticipantValues,
  participantFullName,
  participantValues,
} from "./ParticipantForm.tsx";
import { ParticipantTable } from "./ParticipantTable.tsx";
import { verificationBody } from "./participant-verification.ts";
import { RecentContactPicker } from "./RecentContactPicker.tsx";
import { SigningOrderSection } from "./SigningOrderSection.tsx";
import { TridSection } from "./TridSection.tsx";

const body = (values: ParticipantValues, mailable = false) => ({
  type: values.type.trim(),
  role: values.role,
  givenName: values.givenName.trim() || null,
  middleName: values.middleName.trim() || null,
  familyName: values.familyName.trim() || null,
  email: values.email.trim() || null,
  phoneNumber: values.phoneNumber.trim() ? normalizePhoneInput(values.phoneNumber) : null,
  accessMethod: values.accessMethod,
  language: values.language,
  // issue 34 §2b: only someone who signs can witness
  witnessForParticipantId:
    values.role === "SIGNER" && values.witnessForParticipantId ? values.witnessForParticipantId : null,
  delegationAllowed: values.delegationAllowed,
  ...verificationBody(values.idVerification, values),
  // issue 16 §4: without print fulfillment the address is neither shown nor changed
  ...(mailable ? { mailingAddress: mailingAddressBody(values.mailingAddress, participantFullName(values)) } : {}),
});

/** Step 1 (spec §2): the package's name and groups, its participants and its custom fields. */
export function DetailsStep() {
  const { organizationId, packageId, pkg, readOnly, setDirty } = useBuilder();
  const organizationFeatures = usePermissionsQuery().data?.organization;
  const call = useBuilderCall();
  const params = { orgId: organizationId, packageId };
  const participants = useQuery(packageQueries.participants(organizationId, packageId));
  const tags = useQuery(packageQueries.tags(organizationId, packageId));
  const [name, setName] = useState(pkg.name);
  const [editing, setEditing] = useState<Participant | null>(null);
  // a template's participants are slots (BORROWER 1) without names or contacts
  const slots = pkg.templateKind !== null;
  const mailable = pkg.enablePrintFulfillment && !slots;
  const nameFocused = useRef(false);
  // After a save or a refetch (a version conflict shows the other change) the field follows the
  // package, unless the user is typing in it.
  useEffect(() => {
    if (!nameFocused.current) setName(pkg.name);
  }, [pkg.name]);

  const saveName = () => {
    const trimmed = name.trim();
    if (!trimmed || trimmed === pkg.name) return setDirty("name", false);
    void call(() =>
      api(packageRoutes.updatePackage, { params, body: { version: pkg.version, name: trimmed }, passThrough: true }),
    ).then((ok) => setDirty("name", !ok));
  };

  const remove = async (participant: Participant) => {
    const ok = await openConfirmDialog({
      title: PARTICIPANT_MESSAGES.removeTitle,
      message: PARTICIPANT_MESSAGES.removeConfirm,
      confirmLabel: "Remove",
      confirmColor: "red",
    });
    if (!ok) return;
    await call(() =>
      api(participantRoutes.removeParticipant, {
        params: { ...params, participantId: participant.id },
        query: { version: participant.version },
        passThrough: true,
      }),
    );
  };

  return (
    <>
      {pkg.templateKind === null && (
        <FormSection title="Package">
          <TextInput
            label="Package name"
            value={name}
            readOnly={readOnly}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setDirty("name", event.currentTarget.value.trim() !== pkg.name);
            }}
            onFocus={() => {
              nameFocused.current = true;
            }}
            onBlur={() => {
              nameFocused.current = false;
              saveName();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") event.currentTarget.blur();
            }}
            maxLength={255}
          />
          <PackageGroups />
        </FormSection>
      )}

      <FormSection
        title="Participants"
        description={
          slots
            ? "The participant slots (Borrower 1, Co-Borrower 1…) the template's tags are placed for."
            : "Who signs, views or executes the documents on paper."
        }
      >
        <ParticipantTable
          participants={participants.data?.records}
          error={participants.error ? errorMessage(participants.error) : null}
          slots={slots}
          readOnly={readOnly}
          onEdit={setEditing}
          onRemove={(participant) => void remove(participant)}
        />
        {!readOnly && !slots && (
          <RecentContactPicker
            present={(participants.data?.records ?? []).flatMap((participant) => participant.email ?? [])}
            onAdd={(contact) =>
              call(() =>
                api(participantRoutes.addParticipant, {
                  params,
                  body: {
                    type: contact.type,
                    role: contact.role,
                    givenName: contact.givenName,
                    middleName: contact.middleName,
                    familyName: contact.familyName,
                    email: contact.email,
                    phoneNumber: contact.phoneNumber,
                    accessMethod: contact.accessMethod,
                  },
                  passThrough: true,
                }),
              )
            }
          />
        )}
        {!readOnly && (
          <ParticipantForm
            initial={emptyParticipant}
            existingTypes={(participants.data?.records ?? []).map((participant) => participant.type)}
            participants={participants.data?.records}
            submitLabel={slots ? "Add participant slot" : "Add participant"}
            onSubmit={(values, onError) =>
              call(
                () =>
                  api(participantRoutes.addParticipant, { params, body: body(values, mailable), passThrough: true }),
                {
                  onError,
                },
              )
            }
          />
        )}
      </FormSection>

      {/* a package template sets the signing order with the invitation (its step 3, spec §2) */}
      {pkg.templateKind !== "PACKAGE_TEMPLATE" && <SigningOrderSection />}
      {pkg.templateKind === null && (organizationFeatures?.enabledAV || pkg.avEsign) && <AvEsignSection />}
      {pkg.templateKind === null && organizationFeatures?.enabledTrid && <TridSection />}

      <PackageCustomFields />

      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Edit participant" size="lg" centered>
        {editing && (
          <ParticipantForm
            initial={participantValues(editing)}
            roleNumber={editing.roleNumber}
            participants={participants.data?.records}
            participantId={editing.id}
            kbaQuestions={editing.kbaQuestions}
            submitLabel="Save participant"
            onCancel={() => setEditing(null)}
            onSubmit={async (values, onError) => {
              // no longer signing deletes the participant's tags (spec §4): ask first
              const placed = (tags.data?.records ?? []).filter((tag) => tag.participantId === editing.id).length;
              if (editing.role === "SIGNER" && values.role !== "SIGNER" && placed > 0) {
                const confirmed = await openConfirmDialog({
                  title: DOCUMENT_MESSAGES.clearTagsTitle,
                  message: DOCUMENT_MESSAGES.clearTagsConfirm,
                  confirmLabel: "Change and delete tags",
                  confirmColor: "red",
                });
                if (!confirmed) return false;
              }
              const ok = await call(
                () =>
                  api(participantRoutes.updateParticipant, {
                    params: { ...params, participantId: editing.id },
                    body: { version: editing.version, ...body(values, mailable) },
                    passThrough: true,
                  }),
                { onError },
              );
              if (ok) setEditing(null);
              return ok;
            }}
          />
        )}
      </Modal>
    </>
  );
}
