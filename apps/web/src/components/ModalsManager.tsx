import { ModalsProvider } from "@mantine/modals";
import { useEffect } from "react";

/** Mantine's modals manager; `onMounted` runs after its own listeners are in place (child effects run first). */
export default function ModalsManager({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
  return <ModalsProvider />;
}
