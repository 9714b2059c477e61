/** Why a message was refused; each has its own kind reply. */
export type ModerationCategory = 'personal_data' | 'self_harm' | 'unsafe';

export type ModerationResult = { ok: true } | { ok: false; category: ModerationCategory; reply: string };

/** The kind, clear replies a child sees instead of an answer. */
export const REFUSALS: Record<ModerationCategory, string> = {
  personal_data:
    "Let's keep personal details private. Please don't share or ask for names, addresses, phone numbers, e-mail addresses, passwords or photos here. I'm happy to help with your studies, though! What would you like to learn about?",
  self_harm:
    "I'm really sorry you're feeling this way. You matter, and you don't have to handle this alone. Please talk to a grown-up you trust right now, like a parent, a teacher or your school counsellor. In India you can call Childline on 1098 at any time, and if you are in danger, call 112.",
  unsafe:
    "That's not something I can help with. I'm your study tutor, so let's stick to school topics like maths, science, English and social science. What are you learning about at the moment?",
};

// Patterns are matched on lower-cased text with single spaces. They are deliberately specific: "shoot" (a plant's
// shoot), "drug" (medicines in science) or "bomb" (history) alone are ordinary school words.
const PATTERNS: Record<ModerationCategory, RegExp[]> = {
  personal_data: [
    /\b(what'?s|what is|tell me|give me|send me|share)\b.{0,20}\b(your|ur)\b.{0,12}\b(address|phone|number|e-?mail|password|photo|picture|pic|selfie|location|school name|real name|surname)\b/,
    /\bwhere do (you|u) live\b/,
    /\b(my|our) (home )?(address|phone number|mobile number|password|pin|otp)\b.{0,6}\b(is|are)\b/,
    /\b(send|share)\b.{0,20}\b(photo|picture|pic|selfie|video) of (you|yourself|me)\b/,
    /\b(meet|see) (me|you|up)\b.{0,20}\b(in person|tonight|after school|alone|secretly|at my)\b/,
    /\b(don'?t|do not) tell (your|my) (parents?|mum|mom|dad|teacher)\b/,
    /\bcredit card|debit card|bank account|aadhaar\b/,
  ],
  self_harm: [
    /\b(kill|hurt|harm|cut) (myself|my self)\b/,
    /\bself[- ]?harm\b/,
    /\bsuicid/,
    /\b(want|wanna|going) to die\b/,
    /\bend (my|it all) life\b|\bend it all\b/,
  ],
  unsafe: [
    /\b(make|build|making|building|how to get|buy|use)\b.{0,25}\b(bomb|explosive|gun|weapon|poison|knife attack)s?\b/,
    /\bhow (do i|to|can i)\b.{0,20}\b(kill|stab|shoot|poison|hurt|beat up)\b.{0,20}\b(someone|somebody|people|a person|him|her|them|my)\b/,
    /\b(take|smoke|buy|sell|get)\b.{0,12}\b(drugs|weed|cocaine|heroin|cigarettes?|vape|vaping|alcohol|beer|vodka)\b/,
    /\b(porn|porno|sex|sexy|nude|nudes|naked)\b/,
    /\b(gambling|betting|casino)\b/,
    /\bhack\b.{0,20}\b(account|password|instagram|facebook|wifi|phone|school)\b/,
  ],
};

// In a reply, contact details must never appear, whatever was asked.
const CONTACT_DETAILS = [
  /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/,
  /(?<![\d/.])(\+?\d[\d -]{8,}\d)(?![\d/.])/,
  /\bhttps?:\/\/\S+/,
];

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ');
}

function categorise(text: string): ModerationCategory | null {
  const normalised = normalise(text);
  for (const category of ['self_harm', 'personal_data', 'unsafe'] as const) {
    if (PATTERNS[category].some((pattern) => pattern.test(normalised))) return category;
  }
  return null;
}

/** Checks a learner's message before anyone answers it. */
export function moderateInput(text: string): ModerationResult {
  const category = categorise(text);
  return category ? { ok: false, category, reply: REFUSALS[category] } : { ok: true };
}

/** Checks a reply (model or offline) before the learner sees it. */
export function moderateOutput(text: string): ModerationResult {
  const category = categorise(text);
  if (category) return { ok: false, category, reply: REFUSALS[category] };
  const normalised = normalise(text);
  if (CONTACT_DETAILS.some((pattern) => pattern.test(normalised))) {
    return { ok: false, category: 'personal_data', reply: REFUSALS.personal_data };
  }
  return { ok: true };
}
