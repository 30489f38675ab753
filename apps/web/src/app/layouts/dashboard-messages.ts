/** The texts of the dashboard layout and its home; they load with the dashboard. */

export const dashboardMessages = {
  openMenu: 'Dashboard menu',
  closeMenu: 'Close dashboard menu',
  menuLabel: 'Dashboard',
  welcome: (name: string) => `Welcome, ${name}`,
  welcomeText: 'Everything you do on Laptop Resale starts here. Pick a page from the menu.',
  /** Drawn in the welcome picture. */
  welcomeGraphic: 'Dashboard',
  menu: {
    home: 'Dashboard',
    myOrders: 'My orders',
    addProduct: 'Add a laptop',
    myProducts: 'My products',
    myBuyers: 'My buyers',
    earnings: 'Earnings',
    allSellers: 'All sellers',
    allBuyers: 'All buyers',
    allUsers: 'All users',
    reportedItems: 'Reports',
    reportedConversations: 'Reported conversations',
    disputes: 'Disputes',
    money: 'Money',
    activity: 'Activity',
    messages: 'Messages',
    profile: 'My profile',
  },
};
