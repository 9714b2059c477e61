import { describe, expect, it } from 'vitest';
import { englishAnalyser, type Analyser } from './analysers.ts';
import { ContentIndex, type ContentDocument } from './retrieval.ts';

const doc = (id: string, source: string, text: string): ContentDocument => ({
  id,
  course: 'Science',
  kind: 'skill',
  source,
  text,
});

const documents = [
  doc(
    'evaporation',
    'Evaporation',
    'Water evaporates when it is heated. It turns into water vapour and rises.',
  ),
  doc('swimming', 'Animals in water', 'Fish swim with their fins and tails. Frogs swim and hop.'),
  doc('cells', 'Cells', 'All living things are made of cells. A cell is the smallest unit of life.'),
  doc('feelings', 'Feelings', 'Happiness is a feeling of joy. A happy child often smiles.'),
  doc('races', 'Races', 'A runner runs fast on the track. Sprinters run short races.'),
  doc('magnets', 'Magnets', 'Magnets attract iron. The magnetic force pulls iron nails towards the magnet.'),
  doc('studying', 'Good habits', 'Children who study a little every day remember more.'),
];
const index = new ContentIndex(documents);

describe('englishAnalyser', () => {
  it.each([
    ['run', 'running', 'runs'],
    ['swim', 'swimming', 'swims'],
    ['happy', 'happiness'],
    ['cell', 'cells'],
    ['evaporate', 'evaporates', 'evaporating', 'evaporation'],
    ['study', 'studies', 'studying', 'studied'],
    ['magnet', 'magnets', 'magnetic'],
    ['attract', 'attracts', 'attraction'],
  ])('gives %s and its inflected forms one stem', (...forms) => {
    const stems = new Set(forms.flatMap((form) => englishAnalyser.terms(form)));
    expect(stems.size).toBe(1);
  });

  it('drops words that say nothing about the topic', () => {
    expect(englishAnalyser.terms('What is the job of a queen bee?')).toEqual(['job', 'queen', 'bee']);
  });
});

describe('ContentIndex', () => {
  // The questions as a child types them: inflected forms that the content words differently.
  it.each([
    ['why is the water evaporating when heated?', 'evaporation'],
    ['how are fishes swimming', 'swimming'],
    ['what is inside a cell, what are cells made of', 'cells'],
    ['what is happiness', 'feelings'],
    ['is a happy child smiling', 'feelings'],
    ['who is running fast on a track', 'races'],
    ['what does magnetic attraction pull', 'magnets'],
    ['does studying every day help me remember', 'studying'],
  ])('finds “%s” in %s', (question, id) => {
    const [best] = index.search(question);
    expect(best?.document.id).toBe(id);
  });

  it('quotes the sentences that match the question, in their order', () => {
    const [best] = index.search('how do frogs hop');
    expect(best?.quote).toEqual(['Frogs swim and hop.']);
  });

  it('needs half the question’s terms, so one common word does not pass as an answer', () => {
    expect(index.search('water cycle clouds rainfall oceans')).toEqual([]);
    expect(index.search('water cycle clouds rainfall oceans', { loose: true })[0]?.document.id).toBe(
      'evaporation',
    );
  });

  it('reads documents and questions with the analyser it is given, one per language', () => {
    const words: Analyser = { language: 'hi', terms: (text) => text.split(/\s+/).filter(Boolean) };
    const hindi = new ContentIndex(
      [
        { id: 'water', course: 'Science', kind: 'skill', source: 'जल', text: 'पानी गर्म करने पर भाप बनता है' },
        { id: 'sun', course: 'Science', kind: 'skill', source: 'सूर्य', text: 'सूर्य हमें प्रकाश देता है' },
      ],
      words,
    );
    expect(hindi.search('पानी भाप')[0]?.document.id).toBe('water');
    expect(hindi.search('सूर्य प्रकाश')[0]?.document.id).toBe('sun');
  });
});
