import { basename } from "node:path";
import type { Locator, Page } from "playwright-core";

// Issue 11 "Done when", issue 33 §3: the standard journey's action counts are measured, not
// estimated, and they are the count a person replaying the journey by hand would make. Everything
// the person does with their hands goes through this recorder, on the real controls (never through
// the API or page.evaluate); what they do outside the page (tapping the link in their email app) is
// recorded with `outside`. Signing in is not counted; waiting, reading and scrolling cost nothing.
// One action is:
//   - a click or tap (a button, a radio, a tab, a menu item, an option of a list, a link);
//   - typing into one field, however many characters (the click that focuses it is included);
//   - one key press that is not typing (Enter to submit, Escape);
//   - one drag (press, move, release), of a tag or a block onto a page;
//   - in the file chooser: opening it is the click on the page's button, then one action per file
//     picked (a click, or a Ctrl/Shift-click to add one) and one to confirm (Open): two files are
//     four actions. A drop of files from the desktop would count the same way (one per file
//     selected in the file manager, one for the drag), so the chooser is what the journey uses;
//   - one stroke of a drawn signature (pen down, move, pen up), recorded as a drag.

export interface RecordedAction {
  kind: "click" | "type" | "key" | "drag" | "file";
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

  /** An action made outside the page, such as tapping the link in an email; the caller does what it leads to. */
  outside(kind: RecordedAction["kind"], what: string): void {
    this.record(kind, what);
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

  /** The page's button opens the file chooser; each file is picked in it, then the choice confirmed. */
  async chooseFiles(button: Locator, paths: string[], what: string): Promise<void> {
    const chooser = this.page.waitForEvent("filechooser");
    await this.click(button, `${what}: open the file chooser`);
    for (const path of paths) this.record("file", `Pick ${basename(path)} in the file chooser`);
    this.record("click", "Open (confirm the files chosen)");
    await (await chooser).setFiles(paths);
  }

  /** One line per action, for the closing note and for someone replaying the journey by hand. */
  transcript(): string {
    return this.actions.map((action, index) => `${index + 1}. ${action.kind}: ${action.what}`).join("\n");
  }
}
