/** Home's Contact us section's texts; they load with it, below Home's fold. */
export const contactMessages = {
  title: 'Contact us',
  subtitle:
    'Questions about a laptop, an order or selling with us? Write to us and we will answer by email.',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  send: 'Send',
  sent: 'Thank you! Your message was sent. We will reply by email soon.',
} as const;
