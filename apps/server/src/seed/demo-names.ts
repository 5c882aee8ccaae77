export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Charlotte', 'Mateo', 'Ava', 'Lucas',
  'Isabella', 'Levi', 'Mia', 'Ezra', 'Evelyn', 'Asher', 'Harper', 'James', 'Luna', 'Leo', 'Camila', 'Aiden',
  'Priya', 'Wei', 'Fatima', 'Diego', 'Aaliyah', 'Hiroshi', 'Nadia', 'Kwame', 'Sofia', 'Ravi', 'Chloe', 'Omar',
  'Grace', 'Mason', 'Zoe', 'Ethan', 'Layla', 'Benjamin', 'Nora', 'Samuel', 'Hannah', 'Daniel', 'Leah', 'Isaac',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker',
  'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Patel', 'Chen', 'Okafor',
  'Kowalski', 'Novak', 'Haddad', 'Tanaka', 'Kim', "O'Brien", 'Fischer',
];
export const CONCERNS = [
  'He struggles with transitions and large classrooms.',
  'Her reading is two grades behind and she is losing confidence.',
  'We need a school that follows his IEP and communicates weekly.',
  'Sensory overload at lunch and recess has been hard.',
  'She is bright but anxious, and the current school is not a fit.',
  'Looking for small class sizes and speech therapy on site.',
  'We are moving to the area next year and want to plan ahead.',
  null,
  null,
];
export const QUESTIONS = [
  ['What is your class size?', 'Our classes have at most 8 students, with a lead teacher and an assistant.'],
  ['Do you offer speech therapy?', 'Yes, licensed speech-language pathologists work on site four days a week.'],
  ['How do you support children with autism?', 'We use structured routines, visual schedules and sensory breaks.'],
  ['Can we schedule a tour?', 'Of course. Tours run on Tuesday and Thursday mornings.'],
  ['What does tuition cost?', 'Tuition depends on the programme; our admissions team will send the fee schedule.'],
  ['Do you accept IEPs from public schools?', 'Yes, we review every IEP and build a learning plan from it.'],
];
