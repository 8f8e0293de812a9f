// Out-of-wallet questions: each asks which of four or five answers belongs to the person's history,
// one of them "None of the above". Sometimes the true answer is left out on purpose, so that
// "None of the above" is right and guessing the only familiar-looking answer does not pass.
import { randomBytes, randomInt } from "node:crypto";
import type { Person, StoredQuiz } from "./person-store.ts";
import { FACT_KINDS, type FactKind, NONE_OF_THE_ABOVE, QUESTION_COUNT } from "./protocol.ts";

const PROMPTS: Record<FactKind, string> = {
  street: "Which of these streets have you lived on?",
  county: "In which of these counties have you lived?",
  vehicleMake: "Which make of vehicle has been registered in your name?",
  lender: "Which of these lenders has held a mortgage or loan of yours?",
  areaCode: "Which of these area codes belongs to a phone number you have had?",
  employer: "Which of these companies have you worked for?",
  city: "In which of these cities have you had an address?",
  bank: "At which of these banks have you held an account?",
  associate: "Which of these people have you shared an address with?",
  school: "Which of these schools have you attended?",
};

/** Made-up answers that belong to nobody in the fixture. */
const DISTRACTORS: Record<FactKind, string[]> = {
  street: [
    "Birchwood Circle",
    "Foxglove Row",
    "Tamarack Parkway",
    "Millrace Court",
    "Quarry Hill Road",
    "Juniper Spur",
  ],
  county: ["Maricopa County", "Dane County", "Wake County", "Larimer County", "Polk County", "Ada County"],
  vehicleMake: ["Mazda", "Kia", "Chevrolet", "Hyundai", "Ford", "Nissan"],
  lender: [
    "Summit Ledger Mortgage",
    "Ironbridge Home Finance",
    "Blue Heron Lending",
    "Prairie Gate Loans",
    "Keystone Hearth Mortgage",
  ],
  areaCode: ["303", "404", "919", "480", "614", "702"],
  employer: [
    "Amberline Foods",
    "Northstar Freightworks",
    "Quietwater Software",
    "Redfern Textiles",
    "Orchard Lane Dental",
  ],
  city: ["Boise", "Flagstaff", "Savannah", "Fort Collins", "Dayton", "Spokane"],
  bank: [
    "Granite Peak Bank",
    "First Meridian Savings",
    "Willow Creek Credit Union",
    "Harbor Light Bank",
    "Ridgeline Trust",
  ],
  associate: ["Casey Wrenfield", "Jordan Ashby", "Dana Holloway", "Emerson Pike", "Rowan Castellano"],
  school: [
    "Westbrook State University",
    "Silver Lake Polytechnic",
    "Marigold Valley College",
    "Harrowgate Academy",
    "Clearwater Institute",
  ],
};

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Five questions about kinds the person's previous quiz did not ask about (when the record allows). */
export function makeQuiz(person: Person, previousKinds: readonly FactKind[]): StoredQuiz {
  const known = FACT_KINDS.filter((kind) => person.facts[kind]);
  const fresh = shuffle(known.filter((kind) => !previousKinds.includes(kind)));
  const reused = shuffle(known.filter((kind) => previousKinds.includes(kind)));
  const kinds = [...fresh, ...reused].slice(0, QUESTION_COUNT);
  // a person with fewer facts still gets five questions: "none of the above" ones from any kind
  const spare = shuffle(FACT_KINDS.filter((kind) => !kinds.includes(kind)));
  while (kinds.length < QUESTION_COUNT) kinds.push(spare.shift()!);
  const questions = kinds.map((kind, index) => {
    const truth = person.facts[kind];
    const includeTruth = truth !== undefined && randomInt(5) !== 0;
    const wrong = shuffle(DISTRACTORS[kind].filter((text) => text !== truth)).slice(0, includeTruth ? 3 : 4);
    const texts = shuffle(includeTruth ? [truth, ...wrong] : wrong);
    const choices = [...texts, NONE_OF_THE_ABOVE].map((text, n) => ({ id: `c${n + 1}`, text }));
    const correct = choices.find((choice) => choice.text === (includeTruth ? truth : NONE_OF_THE_ABOVE))!;
    return { id: `q${index + 1}`, prompt: PROMPTS[kind], choices, correctChoiceId: correct.id };
  });
  return {
    quizId: `qz_${randomBytes(12).toString("base64url")}`,
    reference: person.reference,
    questions,
    kinds,
    answered: false,
  };
}
