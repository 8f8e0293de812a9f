import {
  Button,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  renderWatermarkText,
  WATERMARK_POSITION_LABELS,
  WATERMARK_POSITIONS,
  WATERMARK_SAMPLE_VARIABLES,
  WATERMARK_VARIABLES,
  type WatermarkPosition,
} from "@signet/contract";
import { useRef } from "react";
import { LivePreview } from "./LivePreview.tsx";
import { insertVariable, type WatermarkValues } from "./watermark-form.ts";

/** Text with variable chips, position, angle, opacity, size and colour, with the live preview. */
export function WatermarkFields({
  values,
  onChange,
  disabled,
  withName,
  problems,
}: {
  values: WatermarkValues;
  onChange: (values: WatermarkValues) => void;
  disabled: boolean;
  withName: boolean;
  problems: Partial<Record<keyof WatermarkValues, string>>;
}) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const set = <K extends keyof WatermarkValues>(key: K, value: WatermarkValues[K]) =>
    onChange({ ...values, [key]: value });
  const addVariable = (name: string) => {
    const field = textRef.current;
    const next = insertVariable(values.text, name, field?.selectionStart ?? null, field?.selectionEnd ?? null);
    set("text", next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.cursor, next.cursor);
    });
  };
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Stack gap="sm" style={{ flex: "1 1 320px" }} maw={520}>
        {withName && (
          <TextInput
            label="Name"
            required
            value={values.name}
            disabled={disabled}
            error={problems.name}
            onChange={(event) => set("name", event.currentTarget.value)}
          />
        )}
        <Textarea
          ref={textRef}
          label="Watermark text"
          description="Drawn on every page of the copy. Variables are filled in for each copy."
          autosize
          minRows={2}
          value={values.text}
          disabled={disabled}
          error={problems.text}
          onChange={(event) => set("text", event.currentTarget.value)}
        />
        {!disabled && (
          <Group gap={6} aria-label="Insert a variable" role="group">
            {WATERMARK_VARIABLES.map((variable) => (
              <Tooltip key={variable.name} label={variable.description} withinPortal>
                <Button size="compact-xs" variant="light" radius="xl" onClick={() => addVariable(variable.name)}>
                  {`{${variable.name}}`}
                </Button>
              </Tooltip>
            ))}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Position"
            data={WATERMARK_POSITIONS.map((value) => ({ value, label: WATERMARK_POSITION_LABELS[value] }))}
            value={values.position}
            allowDeselect={false}
            disabled={disabled}
            onChange={(value) => value && set("position", value as WatermarkPosition)}
          />
          <NumberInput
            label="Angle (degrees)"
            min={-90}
            max={90}
            allowDecimal={false}
            value={values.angle}
            disabled={disabled}
            error={problems.angle}
            onChange={(value) => set("angle", typeof value === "number" ? value : Number(value) || 0)}
          />
          <NumberInput
            label="Opacity"
            min={0.05}
            max={1}
            step={0.05}
            decimalScale={2}
            value={values.opacity}
            disabled={disabled}
            error={problems.opacity}
            onChange={(value) => set("opacity", typeof value === "number" ? value : Number(value) || 0)}
          />
          <NumberInput
            label="Size (points)"
            description="Text too long for a page is shrunk."
            min={6}
            max={144}
            allowDecimal={false}
            value={values.fontSize}
            disabled={disabled}
            error={problems.fontSize}
            onChange={(value) => set("fontSize", typeof value === "number" ? value : Number(value) || 0)}
          />
          <ColorInput
            label="Colour"
            format="hex"
            withEyeDropper={false}
            value={values.color}
            disabled={disabled}
            error={problems.color}
            onChange={(value) => set("color", value)}
          />
        </SimpleGrid>
        {withName && (
          <Checkbox
            label="The organization's default watermark (used when no rule matches a deposited package's copy)"
            checked={values.isDefault}
            disabled={disabled}
            onChange={(event) => set("isDefault", event.currentTarget.checked)}
          />
        )}
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Preview
        </Text>
        <LivePreview values={values} label={`Preview: ${renderWatermarkText(values, WATERMARK_SAMPLE_VARIABLES)}`} />
      </Stack>
    </Group>
  );
}
