/** The texts of the dashboard layout and its home (SPEC.md wording); they load with the dashboard. */

export const dashboardMessages = {
  openMenu: 'Dashboard menu',
  closeMenu: 'Close dashboard menu',
  menuLabel: 'Dashboard',
  welcome: (name: string) => `Welcome, ${name}`,
  welcomeText: 'Everything you do on Laptop Resale starts here. Pick a page from the menu.',
  welcomeGraphic: 'To Dashboard',
  menu: {
    home: 'Dashboard',
    myOrders: 'My Orders',
    addProduct: 'Add A product',
    myProducts: 'My Products',
    myBuyers: 'My Buyers',
    allSellers: 'All Sellers',
    allBuyers: 'All Buyers',
    allUsers: 'All Users',
    reportedItems: 'Reported Items',
    activity: 'Activity',
    profile: 'My Profile',
  },
};
