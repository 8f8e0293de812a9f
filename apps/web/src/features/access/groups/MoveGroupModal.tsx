import { Badge, Group as MantineGroup, Modal, Radio, ScrollArea, Stack, Text } from "@mantine/core";
import { GROUP_MESSAGES, type Group, groupRoutes, type LocationCandidate } from "@signet/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { DialogTitle } from "../../../components/ConfirmDialog.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastSuccess } from "../../../components/toast.ts";
import classes from "../access.module.css";
import { accessQueries, refreshAccess } from "../access-queries.ts";

const TOP_LEVEL = "top-level";
const candidateValue = (candidate: LocationCandidate) => candidate.groupId ?? TOP_LEVEL;

/**
 * Spec §5 'Move group': the location picker lists where the group may go (from the server, which knows
 * what the user manages); '(Current Location)' and '(Role Mismatch)' candidates cannot be chosen.
 */
export function MoveGroupModal({
  organizationId,
  group,
  onClose,
}: {
  organizationId: string;
  group: Group | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const candidates = useQuery({
    ...accessQueries.locationCandidates(organizationId, group?.id ?? ""),
    enabled: group !== null,
  });
  const [selected, setSelected] = useState<string | null>(null);
  // Move pressed with no location chosen: said in the form's error place, as a refusal would be
  const [choiceMissing, setChoiceMissing] = useState(false);
  const moveGroup = useMutation({
    mutationFn: ({ groupToMove, parentId }: { groupToMove: Group; parentId: string | null }) =>
      api(groupRoutes.moveGroup, {
        params: { orgId: organizationId, groupId: groupToMove.id },
        body: { parentId, version: groupToMove.version },
      }),
    onSuccess: async () => {
      toastSuccess(GROUP_MESSAGES.groupMoved);
      await refreshAccess(queryClient, organizationId);
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.handled) onClose();
    },
  });
  const { reset: resetMove } = moveGroup;
  useEffect(() => {
    if (group) {
      setSelected(null);
      setChoiceMissing(false);
      resetMove();
    }
  }, [group, resetMove]);
  const saving = moveGroup.isPending;
  const error = choiceMissing
    ? "Choose the new location."
    : moveGroup.error && !(moveGroup.error instanceof ApiError && moveGroup.error.handled)
      ? errorMessage(moveGroup.error)
      : null;

  const move = () => {
    if (!group) return;
    if (selected === null) {
      setChoiceMissing(true);
      return;
    }
    moveGroup.mutate({ groupToMove: group, parentId: selected === TOP_LEVEL ? null : selected });
  };

  const records = candidates.data?.records ?? [];
  return (
    <Modal
      opened={group !== null}
      onClose={() => !saving && onClose()}
      title={<DialogTitle title={group ? `Move ${group.name}` : "Move group"} />}
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Choose the group's new location. Its sub-groups move with it. A location qualifies only when its role
          structure contains every role of this group.
        </Text>
        <FormError message={error ?? (candidates.isError ? errorMessage(candidates.error) : null)} />
        {candidates.isPending ? (
          <Spinner />
        ) : (
          <Radio.Group
            label="New location"
            value={selected}
            onChange={(value) => {
              setSelected(value);
              setChoiceMissing(false);
              moveGroup.reset();
            }}
          >
            <ScrollArea.Autosize mah={360} type="auto" mt="xs">
              <Stack gap={2}>
                {records.length === 0 && (
                  <Text size="sm" c="dimmed" py="md">
                    There is no other group you manage to move this group to.
                  </Text>
                )}
                {records.map((candidate) => (
                  <CandidateOption key={candidateValue(candidate)} candidate={candidate} selected={selected} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <ModalFooter
          submitLabel="Move"
          loading={saving}
          permission="MANAGE_GROUPS"
          onSubmit={move}
          onCancel={onClose}
        />
      </Stack>
    </Modal>
  );
}

function CandidateOption({ candidate, selected }: { candidate: LocationCandidate; selected: string | null }) {
  const value = candidateValue(candidate);
  const parentPath = candidate.path.includes(" / ") ? candidate.path.slice(0, candidate.path.lastIndexOf(" / ")) : "";
  return (
    <div
      className={classes.pickerOption}
      data-disabled={!candidate.selectable || undefined}
      data-selectable={candidate.selectable || undefined}
      data-selected={selected === value || undefined}
    >
      <Radio
        value={value}
        disabled={!candidate.selectable}
        aria-label={[candidate.path || candidate.name, candidate.label].filter(Boolean).join(" ")}
        label={
          <MantineGroup gap={8} wrap="nowrap">
            <div>
              <Text size="sm" fw={600} c={candidate.selectable ? "dark.7" : "gray.6"}>
                {candidate.name}
              </Text>
              {parentPath && (
                <Text size="xs" c="dimmed">
                  in {parentPath}
                </Text>
              )}
            </div>
            {candidate.label && (
              <Badge
                size="sm"
                variant="light"
                color={candidate.label === GROUP_MESSAGES.roleMismatchLabel ? "orange" : "gray"}
                tt="none"
              >
                {candidate.label}
              </Badge>
            )}
          </MantineGroup>
        }
      />
    </div>
  );
}
