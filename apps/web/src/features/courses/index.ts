// The courses feature's public surface for other features (decision 014); app/ composes features directly.
export { courseRefs, quizRefs } from './api/learning-endpoints.ts';
