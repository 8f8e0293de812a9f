import type { Locator, Page } from "playwright-core";

// Issue 11 "Done when": the standard journey's action counts are measured, not estimated. A person
// replaying the journey does exactly what goes through this recorder; waiting and reading the
// screen cost nothing. The unit is what the user does with their hands:
//   - a click or tap (a button, a radio, a menu item, a link);
//   - typing into one field, however many characters (the click that focuses it is included);
//   - one key press that is not typing (Enter to submit, Escape);
//   - one drag (press, move, release);
//   - choosing files in the file chooser (one choice, however many files).

export interface RecordedAction {
  kind: "click" | "type" | "key" | "drag" | "files";
  what: string;
}

export class UserActions {
  readonly actions: RecordedAction[] = [];

  constructor(
    readonly page: Page,
    readonly who: string,
  ) {}

  get count(): number {
    return this.actions.length;
  }

  private record(kind: RecordedAction["kind"], what: string) {
    this.actions.push({ kind, what });
  }

  async click(target: Locator, what: string): Promise<void> {
    this.record("click", what);
    await target.click();
  }

  async type(field: Locator, text: string, what: string): Promise<void> {
    this.record("type", what);
    await field.fill(text);
  }

  async key(key: string, what: string, field?: Locator): Promise<void> {
    this.record("key", what);
    if (field) await field.press(key);
    else await this.page.keyboard.press(key);
  }

  async drag(source: Locator, target: Locator, at: { x: number; y: number }, what: string): Promise<void> {
    this.record("drag", what);
    await source.dragTo(target, { targetPosition: at });
  }

  /** A drag made of real pointer moves, for libraries that listen to pointer events (dnd-kit). */
  async pointerDrag(from: { x: number; y: number }, to: { x: number; y: number }, what: string): Promise<void> {
    this.record("drag", what);
    const mouse = this.page.mouse;
    await mouse.move(from.x, from.y);
    await mouse.down();
    await mouse.move(from.x, from.y - 8, { steps: 4 });
    await mouse.move(to.x, to.y, { steps: 12 });
    await mouse.up();
  }

  async files(input: Locator, paths: string[], what: string): Promise<void> {
    this.record("files", what);
    await input.setInputFiles(paths);
  }

  /** One line per action, for the closing note and for someone replaying the journey by hand. */
  transcript(): string {
    return this.actions.map((action, index) => `${index + 1}. ${action.kind}: ${action.what}`).join("\n");
  }
}
