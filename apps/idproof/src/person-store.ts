// The people the provider knows (fixtures/persons.json, plus any a test adds) and the quizzes it
// has handed out, all in memory: a restart forgets open quizzes, as Signet must expect of any provider.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FactKind, IdentityCheckBody } from "./protocol.ts";

export interface Person extends IdentityCheckBody {
  reference: string;
  facts: Partial<Record<FactKind, string>>;
}

export interface StoredQuiz {
  quizId: string;
  reference: string;
  questions: { id: string; prompt: string; choices: { id: string; text: string }[]; correctChoiceId: string }[];
  kinds: FactKind[];
  answered: boolean;
}

const fixtureFile = fileURLToPath(new URL("../fixtures/persons.json", import.meta.url));

export function seededPersons(): Person[] {
  return (JSON.parse(readFileSync(fixtureFile, "utf8")) as { persons: Person[] }).persons;
}

const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").trim().toLowerCase();

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class PersonStore {
  private readonly persons: Person[];
  readonly quizzes = new Map<string, StoredQuiz>();
  /** the kinds asked in each person's latest quiz, so the next attempt asks about other things */
  readonly lastKinds = new Map<string, FactKind[]>();

  constructor(persons: Person[]) {
    this.persons = [...persons];
  }

  /** Names match without regard to case or accents; the date, digits and ZIP exactly. */
  match(input: IdentityCheckBody): Person | null {
    return (
      this.persons.find(
        (person) =>
          fold(person.givenName) === fold(input.givenName) &&
          fold(person.familyName) === fold(input.familyName) &&
          person.dateOfBirth === input.dateOfBirth &&
          same(person.ssnLast4, input.ssnLast4) &&
          person.postalCode === input.postalCode,
      ) ?? null
    );
  }

  byReference(reference: string): Person | null {
    return this.persons.find((person) => person.reference === reference) ?? null;
  }

  add(person: Omit<Person, "reference"> & { reference?: string | undefined }): Person {
    const stored: Person = { ...person, reference: person.reference ?? `psn_${randomBytes(5).toString("hex")}` };
    const index = this.persons.findIndex((existing) => existing.reference === stored.reference);
    if (index >= 0) this.persons[index] = stored;
    else this.persons.push(stored);
    return stored;
  }
}
