// Engine division words: machinery-space terms by system, plus senior-only technical management terms.
import type { VocabItem } from '@/domain/types';
import { builtinWords } from './builtin-word';

const MAIN = 'Main Propulsion';
const AUX = 'Auxiliary Machinery';
const FUEL = 'Fuel & Lubrication';
const PUMPS = 'Pumps & Piping';
const ELEC = 'Electrical';
const TOOLS = 'Tools & Workshop';
const SAFETY = 'Machinery Space Safety';
const WATCH = 'Machinery Watch';
const BOILERS = 'Boilers & Steam';
const MANAGEMENT = 'Technical Management';

/** Technical management is for the chief engineer only. */
const SENIOR_ROLES = ['cheng', 'ce'];

const word = builtinWords('engine');

const senior = (id: string, ru: string, en: string): VocabItem =>
  word(id, ru, en, MANAGEMENT, SENIOR_ROLES);

export const ENGINE_VOCABULARY: readonly VocabItem[] = [
  word('eng201', 'главный двигатель', 'main engine', MAIN),
  word('eng202', 'коленчатый вал', 'crankshaft', MAIN),
  word('eng203', 'поршень', 'piston', MAIN),
  word('eng204', 'поршневое кольцо', 'piston ring', MAIN),
  word('eng205', 'втулка цилиндра', 'cylinder liner', MAIN),
  word('eng206', 'крышка цилиндра', 'cylinder head', MAIN),
  word('eng207', 'шатун', 'connecting rod', MAIN),
  word('eng208', 'крейцкопф', 'crosshead', MAIN),
  word('eng209', 'топливная форсунка', 'fuel injector', MAIN),
  word('eng210', 'турбокомпрессор', 'turbocharger', MAIN),
  word('eng211', 'выпускной клапан', 'exhaust valve', MAIN),
  word('eng212', 'гребной вал', 'propeller shaft', MAIN),
  word('eng213', 'дейдвудная труба', 'stern tube', MAIN),
  word('eng214', 'упорный подшипник', 'thrust bearing', MAIN),
  word('eng215', 'винт регулируемого шага', 'controllable pitch propeller', MAIN),

  word('eng216', 'дизель-генератор', 'diesel generator', AUX),
  word('eng217', 'воздушный компрессор', 'air compressor', AUX),
  word('eng218', 'баллон сжатого воздуха', 'air receiver', AUX),
  word('eng219', 'опреснительная установка', 'freshwater generator', AUX),
  word('eng220', 'рулевая машина', 'steering gear', AUX),
  word('eng221', 'установка кондиционирования воздуха', 'air conditioning plant', AUX),
  word('eng222', 'рефрижераторная установка', 'refrigeration plant', AUX),
  word('eng223', 'инсинератор', 'incinerator', AUX),
  word('eng224', 'установка очистки сточных вод', 'sewage treatment plant', AUX),
  word('eng225', 'сепаратор льяльных вод', 'oily water separator', AUX),
  word('eng226', 'теплообменник', 'heat exchanger', AUX),
  word('eng227', 'аварийный дизель-генератор', 'emergency generator', AUX),
  word('eng228', 'носовое подруливающее устройство', 'bow thruster', AUX),
  word('eng229', 'гидрофор', 'hydrophore', AUX),

  word('eng230', 'тяжёлое топливо', 'heavy fuel oil', FUEL),
  word('eng231', 'дизельное топливо', 'marine diesel oil', FUEL),
  word('eng232', 'смазочное масло', 'lubricating oil', FUEL),
  word('eng233', 'цилиндровое масло', 'cylinder oil', FUEL),
  word('eng234', 'топливный сепаратор', 'fuel oil purifier', FUEL),
  word('eng235', 'расходная цистерна', 'service tank', FUEL),
  word('eng236', 'отстойная цистерна', 'settling tank', FUEL),
  word('eng237', 'топливный фильтр', 'fuel filter', FUEL),
  word('eng238', 'вязкость', 'viscosity', FUEL),
  word('eng239', 'подогреватель топлива', 'fuel oil heater', FUEL),
  word('eng240', 'проба топлива', 'fuel sample', FUEL),
  word('eng241', 'бункеровка', 'bunkering', FUEL),
  word('eng242', 'циркуляционная масляная цистерна', 'lube oil sump tank', FUEL),
  word('eng243', 'шлам', 'sludge', FUEL),

  word('eng244', 'центробежный насос', 'centrifugal pump', PUMPS),
  word('eng245', 'поршневой насос', 'reciprocating pump', PUMPS),
  word('eng246', 'винтовой насос', 'screw pump', PUMPS),
  word('eng247', 'шестерённый насос', 'gear pump', PUMPS),
  word('eng248', 'балластный насос', 'ballast pump', PUMPS),
  word('eng249', 'осушительный насос', 'bilge pump', PUMPS),
  word('eng250', 'пожарный насос', 'fire pump', PUMPS),
  word('eng251', 'задвижка', 'gate valve', PUMPS),
  word('eng252', 'невозвратный клапан', 'non-return valve', PUMPS),
  word('eng253', 'шаровой кран', 'ball valve', PUMPS),
  word('eng254', 'фланец', 'flange', PUMPS),
  word('eng255', 'прокладка', 'gasket', PUMPS),
  word('eng256', 'фильтр забортной воды', 'sea water strainer', PUMPS),
  word('eng257', 'кингстон', 'sea valve', PUMPS),

  word('eng258', 'главный распределительный щит', 'main switchboard', ELEC),
  word('eng259', 'автоматический выключатель', 'circuit breaker', ELEC),
  word('eng260', 'предохранитель', 'fuse', ELEC),
  word('eng261', 'трансформатор', 'transformer', ELEC),
  word('eng262', 'электродвигатель', 'electric motor', ELEC),
  word('eng263', 'сопротивление изоляции', 'insulation resistance', ELEC),
  word('eng264', 'мегаомметр', 'insulation tester', ELEC),
  word('eng265', 'мультиметр', 'multimeter', ELEC),
  word('eng266', 'аккумуляторная батарея', 'battery', ELEC),
  word('eng267', 'береговое питание', 'shore power', ELEC),
  word('eng268', 'обесточивание судна', 'blackout', ELEC),
  word('eng269', 'замыкание на корпус', 'earth fault', ELEC),
  word('eng270', 'синхронизация генераторов', 'generator synchronising', ELEC),

  word('eng271', 'накидной ключ', 'ring spanner', TOOLS),
  word('eng272', 'рожковый ключ', 'open-end spanner', TOOLS),
  word('eng273', 'динамометрический ключ', 'torque wrench', TOOLS),
  word('eng274', 'отвёртка', 'screwdriver', TOOLS),
  word('eng275', 'пассатижи', 'pliers', TOOLS),
  word('eng276', 'молоток', 'hammer', TOOLS),
  word('eng277', 'зубило', 'chisel', TOOLS),
  word('eng278', 'тиски', 'vice', TOOLS),
  word('eng279', 'токарный станок', 'lathe', TOOLS),
  word('eng280', 'сверлильный станок', 'drilling machine', TOOLS),
  word('eng281', 'сварочный аппарат', 'welding machine', TOOLS),
  word('eng282', 'щуп', 'feeler gauge', TOOLS),
  word('eng283', 'микрометр', 'micrometer', TOOLS),
  word('eng284', 'штангенциркуль', 'vernier caliper', TOOLS),

  word('eng285', 'углекислотная система пожаротушения', 'CO2 fire-extinguishing system', SAFETY),
  word('eng286', 'огнетушитель', 'fire extinguisher', SAFETY),
  word('eng287', 'дыхательный аппарат', 'breathing apparatus', SAFETY),
  word('eng288', 'аварийный выход', 'emergency escape', SAFETY),
  word('eng289', 'быстрозапорный клапан', 'quick-closing valve', SAFETY),
  word('eng290', 'аварийная остановка', 'emergency stop', SAFETY),
  word('eng291', 'разрешение на огневые работы', 'hot work permit', SAFETY),
  word('eng292', 'вход в замкнутое пространство', 'enclosed space entry', SAFETY),
  word('eng293', 'газоанализатор', 'gas detector', SAFETY),
  word('eng294', 'средства индивидуальной защиты', 'personal protective equipment', SAFETY),
  word('eng295', 'блокировка с вывешиванием бирки', 'lockout/tagout', SAFETY),
  word('eng296', 'защитные очки', 'safety goggles', SAFETY),
  word('eng297', 'защитные наушники', 'ear defenders', SAFETY),

  word('eng298', 'машинный журнал', 'engine logbook', WATCH),
  word('eng299', 'приём вахты', 'taking over the watch', WATCH),
  word('eng300', 'сдача вахты', 'handing over the watch', WATCH),
  word('eng301', 'обход машинного отделения', 'engine room round', WATCH),
  word('eng302', 'центральный пост управления', 'engine control room', WATCH),
  word('eng303', 'аварийно-предупредительная сигнализация', 'alarm monitoring system', WATCH),
  word('eng304', 'безвахтенное машинное отделение', 'unmanned machinery space', WATCH),
  word('eng305', 'температура выпускных газов', 'exhaust gas temperature', WATCH),
  word('eng306', 'обороты двигателя', 'engine revolutions', WATCH),
  word('eng307', 'уровень льяльных вод', 'bilge level', WATCH),
  word('eng308', 'утечка', 'leak', WATCH),
  word('eng309', 'температура охлаждающей воды', 'cooling water temperature', WATCH),
  word('eng310', 'давление смазочного масла', 'lube oil pressure', WATCH),

  word('eng311', 'вспомогательный котёл', 'auxiliary boiler', BOILERS),
  word('eng312', 'утилизационный котёл', 'exhaust gas boiler', BOILERS),
  word('eng313', 'горелка', 'burner', BOILERS),
  word('eng314', 'питательная вода', 'feed water', BOILERS),
  word('eng315', 'питательный насос', 'feed water pump', BOILERS),
  word('eng316', 'водомерное стекло', 'gauge glass', BOILERS),
  word('eng317', 'предохранительный клапан', 'safety valve', BOILERS),
  word('eng318', 'пар', 'steam', BOILERS),
  word('eng319', 'конденсат', 'condensate', BOILERS),
  word('eng320', 'продувка котла', 'boiler blowdown', BOILERS),
  word('eng321', 'накипь', 'scale', BOILERS),
  word('eng322', 'конденсатоотводчик', 'steam trap', BOILERS),
  word('eng323', 'давление пара', 'steam pressure', BOILERS),

  senior('eng324', 'технический бюджет судна', 'technical budget'),
  senior('eng325', 'система планово-предупредительного обслуживания', 'planned maintenance system'),
  senior('eng326', 'план бункеровки', 'bunkering plan'),
  senior('eng327', 'освидетельствование', 'survey'),
  senior('eng328', 'классификационное общество', 'classification society'),
  senior('eng329', 'заявка на запчасти', 'spare parts requisition'),
  senior('eng330', 'учёт запасных частей', 'spare parts inventory'),
  senior('eng331', 'технический суперинтендант', 'technical superintendent'),
  senior('eng332', 'постановка в док', 'dry docking'),
  senior('eng333', 'отчёт о расходе топлива', 'fuel consumption report'),
];
