// What features call to show a message: toast.success(...), toast.error(...), toast.info(...),
// toast.loading(...), toast(...). The <Toaster> in the app shell shows one at a time for 10 s.
export { toast } from 'sonner';
