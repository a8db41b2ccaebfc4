// Deck division words: OS/bosun mooring and line-handling commands plus general and bosun-only deck terms.
import type { VocabItem } from '@/domain/types';
import { builtinWords } from './builtin-word';

const OS_COMMANDS = 'OS-commands';
// Topics for everyone.
const MOORING = 'Mooring';
const DECK_WORK = 'Deck Work';
const ANCHORING = 'Anchoring';
const WATCH = 'Watchkeeping & Signals';
const SAFETY = 'Safety';
const TOOLS = 'Tools & Rigging';
const LIFE = 'Everyday Life & Slang';
// Bosun-only topics.
const LEADERSHIP = 'Leadership';
const ROPES = 'Rigging & Ropes';
const MAINTENANCE = 'Deck Maintenance';
const CARGO = 'Cargo Operations';
const DRILLS = 'Safety Drills';
const SLANG = 'Marine Slang & Phrases';

const OS_ROLES = ['os', 'bosun'];
const BOSUN_ROLES = ['bosun'];

const word = builtinWords('deck');

const os = (id: string, ru: string, en: string): VocabItem =>
  word(id, ru, en, OS_COMMANDS, OS_ROLES);
const bosun = (id: string, ru: string, en: string, topic: string): VocabItem =>
  word(id, ru, en, topic, BOSUN_ROLES);

/** Mooring, line-handling and hoisting commands (IMO SMCP wording where a phrase exists). */
const OS_COMMAND_WORDS: readonly VocabItem[] = [
  os('os001', 'Приготовиться к швартовке!', 'Stand by for mooring!'),
  os('os002', 'Приготовить бросательные концы!', 'Have heaving lines ready!'),
  os('os003', 'Подать носовой!', 'Send out the head line!'),
  os('os004', 'Подать кормовой!', 'Send out the stern line!'),
  os('os005', 'Подать шпринг!', 'Send out the spring!'),
  os('os006', 'Выбирай слабину!', 'Pick up the slack!'),
  os('os007', 'Выбирай!', 'Heave away!'),
  os('os008', 'Стоп выбирать!', 'Stop heaving!'),
  os('os009', 'Трави!', 'Slack away!'),
  os('os010', 'Трави помалу!', 'Slack away slowly!'),
  os('os011', 'Стоп травить!', 'Stop paying out!'),
  os('os012', 'Крепи!', 'Make fast!'),
  os('os013', 'Отдать носовой!', 'Let go the head line!'),
  os('os014', 'Отдать кормовой!', 'Let go the stern line!'),
  os('os015', 'Отдать всё на баке!', 'Let go everything forward!'),
  os('os016', 'Оставить один носовой и один шпринг!', 'Single up to one head line and one spring!'),
  os('os017', 'Принять буксирный конец!', "Take the tug's line!"),
  os('os018', 'Берегись! Отойти от троса!', 'Stand clear of the line!'),
  os('os019', 'Вира помалу!', 'Hoist slowly!'),
  os('os020', 'Майна!', 'Lower away!'),
];

/** General deck terms for everyone, then bosun-only terms. */
const DECK_TERMS: readonly VocabItem[] = [
  word('dk001', 'швартовный конец', 'mooring line', MOORING),
  word('dk002', 'кнехт', 'bitts', MOORING),
  word('dk003', 'киповая планка', 'fairlead', MOORING),
  word('dk004', 'обивка ржавчины', 'rust chipping', DECK_WORK),
  word('dk005', 'грунтовка', 'primer', DECK_WORK),
  word('dk006', 'скатывание палубы', 'hosing down the deck', DECK_WORK),
  word('dk007', 'якорная цепь', 'anchor chain', ANCHORING),
  word('dk008', 'брашпиль', 'windlass', ANCHORING),
  word('dk009', 'цепной стопор', 'chain stopper', ANCHORING),
  word('dk010', 'вахта у трапа', 'gangway watch', WATCH),
  word('dk011', 'вперёдсмотрящий', 'lookout', WATCH),
  word('dk012', 'сигнальный флаг', 'signal flag', WATCH),
  word('dk013', 'спасательный жилет', 'lifejacket', SAFETY),
  word('dk014', 'спасательный круг', 'lifebuoy', SAFETY),
  word('dk015', 'страховочный пояс', 'safety harness', SAFETY),
  word('dk016', 'скребок', 'scraper', TOOLS),
  word('dk017', 'кувалда', 'sledgehammer', TOOLS),
  word('dk018', 'такелажная скоба', 'shackle', TOOLS),
  word('dk019', 'увольнение на берег', 'shore leave', LIFE),
  word('dk020', 'смена экипажа', 'crew change', LIFE),
  word('dk021', 'салага', 'greenhorn', LIFE),
  bosun('dk022', 'инструктаж перед работой', 'toolbox talk', LEADERSHIP),
  bosun('dk023', 'план работ на день', 'daily work plan', LEADERSHIP),
  bosun('dk024', 'оценка рисков', 'risk assessment', LEADERSHIP),
  bosun('dk025', 'сплесень', 'splice', ROPES),
  bosun('dk026', 'бухта троса', 'coil of rope', ROPES),
  bosun('dk027', 'стальной трос', 'wire rope', ROPES),
  bosun('dk028', 'подготовка поверхности', 'surface preparation', MAINTENANCE),
  bosun('dk029', 'смазка тросов', 'wire rope lubrication', MAINTENANCE),
  bosun('dk030', 'уплотнение люковой крышки', 'hatch cover seal', MAINTENANCE),
  bosun('dk031', 'крепление груза', 'cargo lashing', CARGO),
  bosun('dk032', 'зачистка трюмов', 'hold cleaning', CARGO),
  bosun('dk033', 'палубный кран', 'deck crane', CARGO),
  bosun('dk034', 'учения по оставлению судна', 'abandon ship drill', DRILLS),
  bosun('dk035', 'пожарные учения', 'fire drill', DRILLS),
  bosun('dk036', 'место сбора', 'muster station', DRILLS),
  bosun('dk037', 'Полундра!', 'Look out below!', SLANG),
  bosun('dk038', 'Семь футов под килем!', 'Fair winds and following seas!', SLANG),
  bosun('dk039', 'дед (стармех)', 'the Chief', SLANG),
];

export const DECK_VOCABULARY: readonly VocabItem[] = [...OS_COMMAND_WORDS, ...DECK_TERMS];
