/** The paper participant's mailing address the print-and-mail tests send sets to. */
export const PAPER_ADDRESS = {
  name: "Pat Paper",
  company: null,
  line1: "12 Elm Street",
  line2: null,
  city: "Dayton",
  state: "OH",
  postalCode: "45402",
};
