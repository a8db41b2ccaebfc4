/**
 * The admins' exam compositions, one per post (domain/exam.ts `ExamSetting`, keyed by the role's
 * id), kept in the meta store under `exam:<role id>` and shared with the crew's devices through
 * the curriculum (kind `exam`) when the admin's change is shared.
 */
import type { ExamSetting } from '@/domain/exam';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
import { type ExamSettingMeta, examSettingKey, type MarineDB } from './schema';

function fromMeta(record: ExamSettingMeta): ExamSetting {
  const { key: _, ...setting } = record;
  return setting;
}

/** The composition an admin set for this post, if any. */
export async function getExamSetting(
  db: MarineDB,
  roleId: string,
): Promise<ExamSetting | undefined> {
  const record = (await db.get('meta', examSettingKey(roleId))) as ExamSettingMeta | undefined;
  return record ? fromMeta(record) : undefined;
}

/** Sets a post's composition in one transaction, queued for the cloud in it when shared. */
export async function putExamSetting(
  db: MarineDB,
  setting: ExamSetting,
  share?: Share,
): Promise<void> {
  const tx = db.transaction(withOutbox(['meta'], share), 'readwrite');
  await Promise.all([
    tx.objectStore('meta').put({ ...setting, key: examSettingKey(setting.id) }),
    ...queueChanges(tx, share, [changes.exam(setting)]),
    tx.done,
  ]);
}
