// Galley division words: galley safety, kitchen equipment and pantry/service terms.
import type { VocabItem } from '@/domain/types';
import { builtinWords } from './builtin-word';

const word = builtinWords('galley');

export const GALLEY_VOCABULARY: readonly VocabItem[] = [
  word('gal001', 'противопожарное покрывало', 'fire blanket', 'Galley Safety'),
  word('gal002', 'ожог', 'burn', 'Galley Safety'),
  word('gal003', 'мытьё рук', 'hand washing', 'Galley Safety'),
  word('gal004', 'камбузная плита', 'cooking range', 'Kitchen Equipment'),
  word('gal005', 'духовой шкаф', 'oven', 'Kitchen Equipment'),
  word('gal006', 'мясорубка', 'mincer', 'Kitchen Equipment'),
  word('gal007', 'провизионная кладовая', 'provision store', 'Pantry & Service'),
  word('gal008', 'морозильная камера', 'freezer room', 'Pantry & Service'),
  word('gal009', 'сервировка стола', 'table setting', 'Pantry & Service'),
];
