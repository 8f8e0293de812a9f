import { ActionIcon, Badge, Group, Menu, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  type BusinessReturnEnvelope,
  CARRIER_USE_LABELS,
  type Carrier,
  PRINT_SETTINGS_MESSAGES,
  printSettingsRoutes,
  type ReturnAddress,
} from "@signet/contract";
import { IconDots, IconPencil, IconPlus, IconStar, IconTrash } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { openConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { useSettingsPageContext } from "../settings/pages/settings-page-context.ts";
import { GuardedButton, GuardedMenuItem } from "../settings/webhooks/GuardedControls.tsx";
import { EnvelopeWindow } from "./EnvelopeWindow.tsx";
import { CarrierModal, EnvelopeModal, ReturnAddressModal } from "./PrintSettingsModals.tsx";
import { printSettingsQueries, refreshPrintSettings } from "./print-settings-queries.ts";
import { VendorConnectionSection } from "./VendorConnectionSection.tsx";

export const MANAGE_PRINT_REASON = "You need the Manage admin settings permission to change print fulfillment";

type Editing =
  | { kind: "address"; item: ReturnAddress | null }
  | { kind: "envelope"; item: BusinessReturnEnvelope | null }
  | { kind: "carrier"; item: Carrier | null };

/**
 * Settings › Print fulfillment (issue 16 §4, spec §4, §7): the print service provider and its
 * vendor connection, the return addresses, business return envelopes and carriers print sets use.
 * Read-only without MANAGE_ADMIN_SETTINGS.
 */
export function PrintSettingsPage({ organizationId }: { organizationId: string }) {
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const reason = canManage ? null : MANAGE_PRINT_REASON;
  const settings = useQuery(printSettingsQueries.settings(organizationId));
  const addresses = useQuery(printSettingsQueries.returnAddresses(organizationId));
  const envelopes = useQuery(printSettingsQueries.envelopes(organizationId));
  const carriers = useQuery(printSettingsQueries.carriers(organizationId));
  const context = useSettingsPageContext();
  const [editing, setEditing] = useState<Editing | null>(null);
  const error = settings.error ?? addresses.error ?? envelopes.error ?? carriers.error;
  useEffect(() => {
    if (error) context.loadFailed(errorMessage(error));
  }, [error, context]);

  if (!settings.data || !addresses.data || !envelopes.data || !carriers.data) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the print fulfillment settings">
        <Skeleton height={200} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  const addressList = addresses.data.records;
  const close = () => setEditing(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="lg">
          Print fulfillment
        </Title>
        <Text size="sm" c="dimmed">
          Print and mail paper documents to participants, with a business return envelope to mail them back.
        </Text>
        {reason && (
          <Text size="sm" c="dimmed" mt={4}>
            {reason}.
          </Text>
        )}
      </div>
      <VendorConnectionSection
        key={settings.data.version}
        organizationId={organizationId}
        settings={settings.data}
        reason={reason}
      />

      <ListSection
        id="return-addresses"
        title="Return addresses"
        description="Where returned and undeliverable mail comes back to."
        empty="No return addresses yet."
        addLabel="Add return address"
        reason={reason}
        onAdd={() => setEditing({ kind: "address", item: null })}
      >
        {addressList.map((address) => (
          <ItemCard
            key={address.id}
            organizationId={organizationId}
            title={address.company ?? address.name}
            isDefault={address.isDefault}
            reason={reason}
            onEdit={() => setEditing({ kind: "address", item: address })}
            remove={() =>
              api(printSettingsRoutes.deleteReturnAddress, {
                params: { orgId: organizationId, returnAddressId: address.id },
                query: { version: address.version },
                passThrough: true,
              })
            }
            setDefault={() =>
              api(printSettingsRoutes.updateReturnAddress, {
                params: { orgId: organizationId, returnAddressId: address.id },
                body: { ...address, isDefault: true },
                passThrough: true,
              })
            }
            deleted={PRINT_SETTINGS_MESSAGES.returnAddressDeleted}
            saved={PRINT_SETTINGS_MESSAGES.returnAddressSaved}
          >
            <EnvelopeWindow address={address} />
          </ItemCard>
        ))}
      </ListSection>

      <ListSection
        id="return-envelopes"
        title="Business return envelopes"
        description="The prepaid envelope enclosed with a print set so the signer can mail the paper back."
        empty={
          addressList.length === 0
            ? "Add a return address first: an envelope carries one."
            : "No business return envelopes yet."
        }
        addLabel="Add envelope"
        reason={reason ?? (addressList.length === 0 ? "Add a return address first" : null)}
        onAdd={() => setEditing({ kind: "envelope", item: null })}
      >
        {envelopes.data.records.map((envelope) => (
          <ItemCard
            key={envelope.id}
            organizationId={organizationId}
            title={envelope.name}
            isDefault={envelope.isDefault}
            reason={reason}
            onEdit={() => setEditing({ kind: "envelope", item: envelope })}
            remove={() =>
              api(printSettingsRoutes.deleteBusinessReturnEnvelope, {
                params: { orgId: organizationId, envelopeId: envelope.id },
                query: { version: envelope.version },
                passThrough: true,
              })
            }
            setDefault={() =>
              api(printSettingsRoutes.updateBusinessReturnEnvelope, {
                params: { orgId: organizationId, envelopeId: envelope.id },
                body: { ...envelope, isDefault: true },
                passThrough: true,
              })
            }
            deleted={PRINT_SETTINGS_MESSAGES.breDeleted}
            saved={PRINT_SETTINGS_MESSAGES.breSaved}
          >
            <Text size="sm" c="dimmed">
              Permit {envelope.permitNumber}
              {envelope.imb ? ` · IMb ${envelope.imb}` : ""}
            </Text>
            <EnvelopeWindow lines={envelope.windowLines} />
          </ItemCard>
        ))}
      </ListSection>

      <ListSection
        id="carriers"
        title="Carriers"
        description="The carriers and service levels print sets go out and come back with."
        empty="No carriers yet."
        addLabel="Add carrier"
        reason={reason}
        onAdd={() => setEditing({ kind: "carrier", item: null })}
      >
        {carriers.data.records.map((carrier) => (
          <ItemCard
            key={carrier.id}
            organizationId={organizationId}
            title={`${carrier.code} ${carrier.service}`}
            isDefault={carrier.isDefault}
            reason={reason}
            onEdit={() => setEditing({ kind: "carrier", item: carrier })}
            remove={() =>
              api(printSettingsRoutes.deleteCarrier, {
                params: { orgId: organizationId, carrierId: carrier.id },
                query: { version: carrier.version },
                passThrough: true,
              })
            }
            setDefault={() =>
              api(printSettingsRoutes.updateCarrier, {
                params: { orgId: organizationId, carrierId: carrier.id },
                body: { ...carrier, enabled: true, isDefault: true },
                passThrough: true,
              })
            }
            deleted={PRINT_SETTINGS_MESSAGES.carrierDeleted}
            saved={PRINT_SETTINGS_MESSAGES.carrierSaved}
          >
            <Text size="sm">{carrier.name}</Text>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {CARRIER_USE_LABELS[carrier.use]}
              </Badge>
              {!carrier.enabled && (
                <Badge variant="light" color="gray">
                  Disabled
                </Badge>
              )}
            </Group>
          </ItemCard>
        ))}
      </ListSection>

      <ReturnAddressModal
        organizationId={organizationId}
        address={editing?.kind === "address" ? editing.item : null}
        opened={editing?.kind === "address"}
        onClose={close}
      />
      <EnvelopeModal
        organizationId={organizationId}
        envelope={editing?.kind === "envelope" ? editing.item : null}
        addresses={addressList}
        opened={editing?.kind === "envelope"}
        onClose={close}
      />
      <CarrierModal
        organizationId={organizationId}
        carrier={editing?.kind === "carrier" ? editing.item : null}
        opened={editing?.kind === "carrier"}
        onClose={close}
      />
    </Stack>
  );
}

function ListSection(props: {
  id: string;
  title: string;
  description: string;
  empty: string;
  addLabel: string;
  reason: string | null;
  onAdd: () => void;
  children: ReactNode[];
}) {
  const titleId = `${props.id}-title`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ flex: "1 1 240px" }}>
            <Title order={3} fz="md" id={titleId}>
              {props.title}
            </Title>
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          </div>
          <GuardedButton
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            reason={props.reason}
            onClick={props.onAdd}
          >
            {props.addLabel}
          </GuardedButton>
        </Group>
        {props.children.length === 0 ? (
          <Text size="sm" c="dimmed">
            {props.empty}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {props.children}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function ItemCard(props: {
  organizationId: string;
  title: string;
  isDefault: boolean;
  reason: string | null;
  onEdit: () => void;
  remove: () => Promise<unknown>;
  setDefault: () => Promise<unknown>;
  deleted: string;
  saved: string;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toastSuccess(done);
    } catch (error) {
      toastError(errorMessage(error));
    } finally {
      await refreshPrintSettings(client, props.organizationId);
    }
  };
  const remove = async () => {
    const confirmed = await openConfirmDialog({
      title: `Delete ${props.title}`,
      message: `Delete ${props.title}? This cannot be undone.`,
      confirmLabel: "Delete",
      confirmColor: "red",
    });
    if (confirmed) await act(props.remove, props.deleted);
  };
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={props.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              {props.title}
            </Text>
            {props.isDefault && (
              <Badge variant="light" color="teal">
                Default
              </Badge>
            )}
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${props.title}`}>
                <IconDots size={20} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <GuardedMenuItem reason={props.reason} icon={<IconPencil size={16} aria-hidden />} onClick={props.onEdit}>
                Edit
              </GuardedMenuItem>
              {!props.isDefault && (
                <GuardedMenuItem
                  reason={props.reason}
                  icon={<IconStar size={16} aria-hidden />}
                  onClick={() => void act(props.setDefault, props.saved)}
                >
                  Make default
                </GuardedMenuItem>
              )}
              <GuardedMenuItem
                reason={props.reason}
                icon={<IconTrash size={16} aria-hidden />}
                color="red"
                onClick={() => void remove()}
              >
                Delete
              </GuardedMenuItem>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}
