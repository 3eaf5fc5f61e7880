import { ClockCircleOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/endpoints.ts';
import { StatusTag } from '../../components/tasks/StatusTag.tsx';
import { taskModuleName, taskName } from '../../components/tasks/task-name.ts';
import styles from './CalculateHomePage.module.css';

const QUERY = { status: 0, page: 1, limit: 10 };

/** The last ten tasks of any module, each opening the task list. */
export function RecentTasks() {
  const { t: tc, i18n } = useTranslation();
  const tasks = useQuery({ queryKey: ['tasks', 'list', QUERY], queryFn: () => api.tasks.list(QUERY) });
  const rows = tasks.data?.data ?? [];

  return (
    <Card
      className={styles.recent}
      title={
        <span className={styles.cardTitle}>
          <ClockCircleOutlined /> {tc('home.recentTasks')}
        </span>
      }
      extra={
        <Link to="/calculate/list">
          {tc('home.allTasks')} <RightOutlined />
        </Link>
      }
      data-testid="recent-tasks"
    >
      {tasks.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tc('task.empty')} />
      ) : (
        <ul className={styles.taskList}>
          {rows.map((task) => {
            return (
              <li key={task.id}>
                <Link to="/calculate/list" className={styles.task}>
                  <span className={styles.taskHead}>
                    <span className={styles.taskId}>#{task.id}</span>
                    <span className={styles.taskModule}>{taskModuleName(task, i18n.language)}</span>
                    <StatusTag task={task} className={styles.taskTag} />
                  </span>
                  <span className={styles.taskName} title={taskName(task, i18n.language)}>
                    {taskName(task, i18n.language)}
                  </span>
                  <span className={styles.taskTime}>{task.created_at}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
