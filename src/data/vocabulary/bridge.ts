// Bridge division words: helm, engine-telegraph and anchor orders in IMO SMCP wording.
import type { VocabItem } from '@/domain/types';
import { builtinWords } from './builtin-word';

const TOPIC = 'Bridge-commands';

const bridgeWord = builtinWords('bridge');
const word = (id: string, ru: string, en: string): VocabItem => bridgeWord(id, ru, en, TOPIC);

export const BRIDGE_VOCABULARY: readonly VocabItem[] = [
  word('br001', 'Прямо руль!', 'Midships!'),
  word('br002', 'Лево руля пять!', 'Port five!'),
  word('br003', 'Лево руля десять!', 'Port ten!'),
  word('br004', 'Лево руля двадцать!', 'Port twenty!'),
  word('br005', 'Лево на борт!', 'Hard-a-port!'),
  word('br006', 'Право руля пять!', 'Starboard five!'),
  word('br007', 'Право руля десять!', 'Starboard ten!'),
  word('br008', 'Право руля двадцать!', 'Starboard twenty!'),
  word('br009', 'Право на борт!', 'Hard-a-starboard!'),
  word('br010', 'Одерживай!', 'Meet her!'),
  word('br011', 'Так держать!', 'Steady as she goes!'),
  word('br012', 'Приготовить машину!', 'Stand by engine!'),
  word('br013', 'Самый малый вперёд!', 'Dead slow ahead!'),
  word('br014', 'Малый вперёд!', 'Slow ahead!'),
  word('br015', 'Средний вперёд!', 'Half ahead!'),
  word('br016', 'Полный вперёд!', 'Full ahead!'),
  word('br017', 'Стоп машина!', 'Stop engine!'),
  word('br018', 'Малый назад!', 'Slow astern!'),
  word('br019', 'Полный назад!', 'Full astern!'),
  word('br020', 'Отдать якорь!', 'Let go the anchor!'),
];
