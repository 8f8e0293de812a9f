import { Alert, Select, SimpleGrid, Skeleton, Switch, Text } from "@mantine/core";
import { EDEPOSIT_MESSAGES, type EDepositConfig, eDepositRoutes } from "@signet/contract";
import { IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { FormSection } from "../../components/FormSection.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { toastError } from "../../components/toast.ts";
import { useHasPermission } from "../../session/permissions.ts";
import { useBuilder } from "../packages/builder/builder-context.tsx";
import { useAutosave } from "../packages/builder/use-autosave.ts";
import { useBuilderCall } from "../packages/builder/use-builder-call.ts";
import { packageQueries } from "../packages/package-queries.ts";
import { eDepositConfigProblems, offersEDeposit, sameEDepositConfig, turnedOn } from "./edeposit-config-form.ts";
import { documentTypeOptions, lockedReason, transactionTypeOptions } from "./edeposit-format.ts";
import { eDepositQuery, eVaultQueries } from "./edeposit-queries.ts";

const NO_MANAGE_REASON = "You do not manage packages in this package's groups.";

/**
 * The package's eDeposit settings in the builder (issue 15 §3, spec §3 eDepositConfig): whether the
 * completed package is deposited, into which eVault, which E-Sign document is the financial asset
 * (the note) and the types the vault files it under. Saved by itself at the package's version once
 * what the deposit needs is chosen; locked in the statuses of spec §4.
 */
export function EDepositBuilderSection() {
  const { organizationId, packageId } = useBuilder();
  const canSeeSettings = useHasPermission(["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"]);
  const edeposit = useQuery(eDepositQuery(organizationId, packageId));
  const vaults = useQuery(eVaultQueries.options(organizationId));
  const documents = useQuery(packageQueries.documents(organizationId, packageId));

  if (edeposit.isPending || vaults.isPending) {
    return (
      <Skeleton height={140} radius="md" role="status" aria-busy="true" aria-label="Loading the eDeposit settings" />
    );
  }
  if (!edeposit.data) {
    return (
      <FormSection title="eDeposit">
        <Text size="sm" role="alert">
          The eDeposit settings could not be loaded. Reload the page to try again.
        </Text>
      </FormSection>
    );
  }
  const vaultRecords = vaults.data?.records ?? null;
  if (!offersEDeposit(vaultRecords?.length ?? null, edeposit.data.config)) {
    if (!canSeeSettings) return null;
    return (
      <Text size="sm" c="dimmed">
        To deposit completed packages into an eVault, add one in{" "}
        <AnchorLink to="/settings" search={{ page: "electronic-vault" }} underline="always">
          Settings › Electronic vault
        </AnchorLink>
        .
      </Text>
    );
  }
  return (
    <EDepositForm
      key={String(edeposit.data.locked)}
      config={edeposit.data.config}
      vaultName={edeposit.data.vaultName}
      locked={edeposit.data.locked}
      packageStatus={edeposit.data.packageStatus}
      vaults={vaultRecords}
      eSignDocuments={(documents.data?.records ?? []).filter((document) => document.executionType === "E_SIGN")}
    />
  );
}

function EDepositForm(props: {
  config: EDepositConfig;
  vaultName: string | null;
  locked: boolean;
  packageStatus: string;
  vaults: { id: string; name: string; enabled: boolean }[] | null;
  eSignDocuments: { id: string; name: string }[];
}) {
  const { organizationId, packageId, pkg, setDirty } = useBuilder();
  const call = useBuilderCall();
  const [values, setValues] = useState<EDepositConfig>(props.config);
  const [touched, setTouched] = useState(false);
  const disabled = props.locked || !pkg.canManage;
  const changed = !sameEDepositConfig(values, props.config);
  const problems = eDepositConfigProblems(values, {
    enabledVaultIds: props.vaults?.filter((vault) => vault.enabled).map((vault) => vault.id) ?? null,
    eSignDocumentIds: props.eSignDocuments.map((document) => document.id),
  });
  const complete = Object.keys(problems).length === 0;
  // settings that cannot be saved yet (eDeposit on, no eVault chosen) are unsaved changes: leaving asks
  useEffect(() => setDirty("edeposit", changed && !complete && !disabled), [changed, complete, disabled, setDirty]);
  useEffect(() => () => setDirty("edeposit", false), [setDirty]);
  // a version conflict shows the settings as they now are: the edits that met it are dropped
  const conflicted = useRef(false);
  useEffect(() => {
    if (!conflicted.current) return;
    conflicted.current = false;
    setValues(props.config);
  }, [props.config]);

  useAutosave({
    key: "edeposit",
    changed: changed && complete,
    edits: JSON.stringify(values),
    disabled,
    save: () =>
      call(
        () =>
          api(eDepositRoutes.updateEDepositConfig, {
            params: { orgId: organizationId, packageId },
            body: { ...values, version: pkg.version },
            passThrough: true,
          }),
        {
          onError: (error) => {
            // locked meanwhile (the package moved on): the API's words, not a version conflict
            if (error instanceof ApiError && error.message === EDEPOSIT_MESSAGES.locked) {
              toastError(error.message);
              return true;
            }
            if (error instanceof ApiError && error.status === 409) conflicted.current = true;
            return false;
          },
        },
      ),
  });

  const set = (patch: Partial<EDepositConfig>) => {
    setValues((current) => ({ ...current, ...patch }));
  };
  const shown = (field: keyof EDepositConfig) => (touched || props.config.enabled ? problems[field] : undefined);

  // the chosen vault stays listed even when disabled or unknown to this reader, by the name the API gives
  const vaultOptions = (props.vaults ?? [])
    .filter((vault) => vault.enabled || vault.id === values.vaultId)
    .map((vault) => ({ value: vault.id, label: vault.enabled ? vault.name : `${vault.name} (disabled)` }));
  if (values.vaultId && !vaultOptions.some((option) => option.value === values.vaultId)) {
    vaultOptions.push({ value: values.vaultId, label: props.vaultName ?? "The chosen eVault" });
  }
  const docType = (value: string | null) => (value as EDepositConfig["supplementalDocType"]) ?? null;

  return (
    <FormSection
      title="eDeposit"
      description="When the package is completed, deposit it into an eVault: the vault then holds the authoritative copy, and copies served afterwards are watermarked."
    >
      {props.locked && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {EDEPOSIT_MESSAGES.locked} {lockedReason(props.packageStatus)}
        </Alert>
      )}
      {!props.locked && !pkg.canManage && (
        <Text size="sm" c="dimmed">
          {NO_MANAGE_REASON}
        </Text>
      )}
      <Switch
        label="Deposit into an eVault when completed"
        checked={values.enabled}
        disabled={disabled}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setTouched(false);
          setValues((current) => (on ? turnedOn(current) : { ...current, enabled: false }));
        }}
      />
      {values.enabled && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="eVault"
              placeholder="Choose the eVault"
              data={vaultOptions}
              value={values.vaultId}
              disabled={disabled}
              allowDeselect={false}
              required
              error={shown("vaultId")}
              onChange={(value) => set({ vaultId: value })}
              onBlur={() => setTouched(true)}
              nothingFoundMessage="No enabled eVault"
            />
            <Select
              label="Transaction type"
              placeholder="Choose the transaction type"
              data={transactionTypeOptions}
              value={values.transactionType}
              disabled={disabled}
              allowDeselect={false}
              required
              error={shown("transactionType")}
              onBlur={() => setTouched(true)}
              onChange={(value) => set({ transactionType: value as EDepositConfig["transactionType"] })}
            />
            <Select
              label="Financial asset document"
              description="The E-Sign document that is the note."
              placeholder={props.eSignDocuments.length ? "Choose the document" : "No E-Sign documents yet"}
              data={props.eSignDocuments.map((document) => ({ value: document.id, label: document.name }))}
              value={values.financialAssetDocId}
              disabled={disabled}
              allowDeselect={false}
              required
              error={shown("financialAssetDocId")}
              onChange={(value) => set({ financialAssetDocId: value })}
              onBlur={() => setTouched(true)}
            />
            <Select
              label="Its document type"
              description="How the vault files the note."
              placeholder="Choose the type"
              data={documentTypeOptions}
              value={values.financialAssetDocType}
              disabled={disabled}
              allowDeselect={false}
              onChange={(value) => set({ financialAssetDocType: docType(value) })}
            />
            <Select
              label="Supplemental document type"
              description="How the vault files every other document."
              placeholder="Choose the type"
              data={documentTypeOptions}
              value={values.supplementalDocType}
              disabled={disabled}
              allowDeselect={false}
              onChange={(value) => set({ supplementalDocType: docType(value) })}
            />
          </SimpleGrid>
          {changed && !complete && !disabled && (
            <Text size="sm" c="dimmed">
              Saved once the eVault, the transaction type and the financial asset document are chosen.
            </Text>
          )}
        </>
      )}
    </FormSection>
  );
}
