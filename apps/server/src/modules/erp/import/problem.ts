/** What is wrong with an export: the file, the line (header = 1; 0 for the file as a whole), the field and its value. */
export interface Problem {
  file: string
  line: number
  field: string
  value: string
  message: string
}
