import './new-task-row.css';

/** The class that marks a just-submitted task's row in a history table (see new-task-row.css). */
export const NEW_TASK_ROW_CLASS = 'yunyao-new-task-row';
