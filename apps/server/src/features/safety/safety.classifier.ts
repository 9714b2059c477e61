import type { SafetyCategory, SafetySeverity } from '@vidya/contracts';

/** A worrying message: what it suggests, and how soon a grown-up should act. */
export interface Concern {
  category: SafetyCategory;
  severity: SafetySeverity;
}

// Patterns are matched on lower-cased text with single spaces, curly quotes straightened and common letter
// stand-ins undone. They look for the learner speaking about themselves ("I", "me", "my"), so that school topics
// (how plants die in winter, the battle of Panipat, how the dinosaurs were killed) never fire. Romanised Hindi
// phrases children commonly type are included.
const ME = "(?:i|i'm|im|i am|me|my|myself)";
const SOMEONE =
  '(?:he|she|they|my (?:dad|father|papa|mum|mom|mother|mummy|uncle|aunt|aunty|brother|sister|cousin|stepdad|stepfather|stepmom|stepmother|teacher|tutor|coach|neighbou?r|grandpa|grandfather|boyfriend|girlfriend)|someone|somebody|a man|a woman|an adult|a stranger)';

const PATTERNS: { category: SafetyCategory; severity: SafetySeverity; patterns: RegExp[] }[] = [
  {
    category: 'self_harm',
    severity: 'urgent',
    patterns: [
      /\b(kill|hurt|harm|cut|burn|hang|starve) (myself|my self)\b/,
      /\bself[- ]?harm/,
      // About themselves, or the word alone; not a word asked about in a poem or a story.
      /\b(i|i'm|im|me|my)\b[^.?!]{0,30}\bsuicid/,
      /^ ?suicid\w* ?$/,
      /\b(want|wanna|going|planning|plan|trying|try) to (die|end (it|my life|everything))\b/,
      /\bwanna (die|end it)\b/,
      /\b(end|take) my (own )?life\b/,
      /\bend it all\b/,
      /\bi (don'?t|do not) want to (live|be alive|exist|wake up)\b/,
      /\b(no|any) (reason|point) (to|in) (live|living|being alive)\b/,
      /\b(better off|rather be) dead\b/,
      /\bwish i (was|were|had) (dead|never been born|not born)\b/,
      /\b(overdose|swallow (all )?(the|my) (pills|tablets))\b/,
      /\b(jump|throw myself) (off|from|in front of)\b/,
      /\b(marna chahta|marna chahti|mar jaun|mar jaunga|mar jaungi|khudkushi|aatmahatya|atmahatya)\b/,
    ],
  },
  {
    category: 'abuse',
    severity: 'urgent',
    patterns: [
      new RegExp(
        `\\b${SOMEONE} (always |keeps |often |sometimes )?(hits|beats|slaps|kicks|burns|chokes|whips|punches|hurts|touches|touched|beat|hit|hurt|slapped|kicked|burned|choked) me\\b`,
      ),
      new RegExp(`\\b${SOMEONE} (touches|touched|touching) my (private|body|chest|legs)\\b`),
      /\b(touch(es|ed)? me|touching me) (in|on) (my )?(private|wrong|bad|secret)/,
      /\b(i am|i'm|im|being|been|got) (sexually )?(abused|molested|raped|assaulted)\b/,
      /\b(abusing|molesting|raping) me\b/,
      /\b(asked|asks|wants|told|forced|forces|made) me to (send|take) (nudes?|naked|photos of my body|pictures of my body)\b/,
      /\b(not safe|scared to go|afraid to go) (at|back)? ?home\b/,
      /\b(locks|locked) me (in|up|out)\b/,
      /\bdon'?t (get|give) (me )?(food|to eat) (at|for days)\b/,
      /\b(mujhe|mujhko) (maarte|marte|peet(te|ti)) (hai|hain)\b/,
    ],
  },
  {
    category: 'danger',
    severity: 'urgent',
    patterns: [
      new RegExp(`\\b${ME} (am|'m)? ?(in danger|being followed|lost and alone|trapped|kidnapped)\\b`),
      /\b(someone|a man|a stranger|somebody) (is )?(following|stalking|watching) me\b/,
      /\b(stranger|man|someone|somebody) (online )?(asked|wants|told) me to (meet|come|go) (him|her|them|alone|secretly|outside)/,
      /\b(going|want|plan|planning) to run away from home\b/,
      /\bran away from home\b/,
      /\b(threaten(s|ed|ing)?) to (kill|hurt|beat) me\b/,
      new RegExp(`\\b(scared|afraid) ${SOMEONE} (will|is going to|might) (kill|hurt|beat|attack) me\\b`),
      /\b(has|have|got) a (knife|gun) (and|to) (hurt|kill)\b/,
    ],
  },
  {
    category: 'bullying',
    severity: 'concern',
    patterns: [
      /\b(bully|bullies|bullied|bullying|cyberbull\w*) (me|at me)\b/,
      /\b(being|am|i'm|im|get|getting|got) (bullied|ragged|teased every day|beaten up)\b/,
      /\b(they|everyone|kids|children|classmates|boys|girls|students|seniors) (in|at) (my )?(class|school) (hit|hits|beat|beats|tease|teases|mock|mocks|laugh at|laughs at|hate|hates|bully|bullies) me\b/,
      /\b(they|everyone|kids|classmates|seniors) (keep|keeps) (hitting|teasing|mocking|laughing at|bullying|threatening) me\b/,
      /\b(everyone|everybody|all of them) (hates|hate) me\b/,
      /\bnobody (likes|loves|cares about) me\b/,
      /\b(posted|posting|shared|sharing|spreading|spread) ((my|embarrassing|nasty|mean|fake) )?(photos?|pictures?|rumou?rs?|lies|videos?) (of|about) me\b/,
      /\b(called|calling|call) me (names|fat|ugly|stupid)\b/,
    ],
  },
];

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/(?<=\p{L})0(?=\p{L})/gu, 'o')
    .replace(/(?<=\p{L})1(?=\p{L})/gu, 'i')
    .replace(/(?<=\p{L})3(?=\p{L})/gu, 'e')
    .replace(/(?<=\p{L})\$(?=\p{L})/gu, 's')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The most urgent concern a learner's message suggests, or null for an ordinary message. */
export function detectConcern(text: string): Concern | null {
  const normalised = ` ${normalise(text)} `;
  for (const { category, severity, patterns } of PATTERNS) {
    if (patterns.some((pattern) => pattern.test(normalised))) return { category, severity };
  }
  return null;
}

/** The kind, fixed reply a learner gets instead of an answer; it says whether a grown-up was told. */
export function safetyReply(hasToldSomeone: boolean): string {
  return [
    "I'm really sorry this is happening to you. You matter, and you don't have to deal with it on your own.",
    'Please talk to a grown-up you trust, like a parent, a teacher or your school counsellor, as soon as you can.',
    'You can call CHILDLINE on 1098 at any time, day or night. It is free. You can also call Tele-MANAS on 14416 to talk to someone kind about how you feel.',
    'If you are in danger right now, call 112.',
    ...(hasToldSomeone
      ? [
          'I have sent a short note with this message to a grown-up who looks after you on Vidya, so they can help.',
        ]
      : []),
  ].join(' ');
}
