/**
 * Passwords that top the public lists of leaked and most-used passwords (keyboard walks, names, sports teams,
 * "password" and "admin" spelt every which way), plus this app's own obvious words. Written in lower case and
 * compared case-insensitively; a guesser tries these first, so they are refused whatever their length.
 */
const WORDS = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123 football
monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman
1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster
soccer harley batman andrew tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars
klaster 112233 george computer michelle jessica pepper 1111 zxcvbn 555555 11111111 131313 freedom 777777 pass
maggie 159753 aaaaaa ginger princess joshua cheese amanda summer love ashley nicole chelsea biteme matthew
access yankees 987654321 dallas austin thunder taylor matrix mobilemail mom monitor monitoring montana moon
moscow william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222
88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard
samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan
welcome falcon cowboy ferrari samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa
boomer booboo spider nascar monster tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234
compaq purple hardcore banana junior hannah 123654 porsche lakers iceman money cowboys 987654 london tennis
999999 ncc1701 coffee scooby 0000 miller boston q1w2e3r4 brandon yamaha chester mother forever johnny edward
333333 oliver redsox player nikita knight fender barney midnight please brandy chicago badboy slayer rangers
charles angel flower rabbit wizard jasper enter rachel chris steven winner adidas victoria natasha
1q2w3e4r jasmine winter prince marine ghbdtn fishing cocacola casper james 232323 raiders 888888
marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 panther lauren angela thx1138 angels
madison winston shannon mike toyota jordan23 canada sophie apples tiger qazwsxedc 123abc pokemon
qwerty123 password1 password123 admin admin123 administrator root toor changeme default guest user login
1q2w3e 1q2w3e4r5t qwe123 zaq12wsx abcd1234 a123456 abc12345 aa123456 qwerty1 123456a 1234abcd passw0rd
p@ssw0rd p@ssword pa55word passwort motdepasse contrasena senha parola haslo wachtwoord salasana 123456789a
iloveyou1 princess1 football1 monkey1 charlie1 sunshine1 welcome1 welcome123 letmein1 master1 dragon1 shadow1
michael1 jessica1 baseball1 superman1 batman1 hello123 hello1 test123 test1234 testing temp1234 temp qwertyui
asdfghjk asdfghjkl zxcvbnm1 1qazxsw2 qweasdzxc qweasd 147258369 147258 159357 741852963 963852741 789456123
456789 456123 321654 102030 101010 202020 123123a 12341234 00000000 11112222 12121212 123456123456 1234512345
5555555555 99999999 12345678910 0987654321 9876543210 computer1 internet1 freedom1 whatever1 starwars1
pokemon1 minecraft fortnite roblox naruto babygirl lovely loveme iloveu family secret1 summer1 spring autumn
monday friday january august december letmein123 admin1 admin1234 administrator1 root123 rootroot adminadmin
useruser guest123 demo demo123 sample password! password1! p@ssword1 summer2024 winter2024 spring2024
autumn2024 summer2025 winter2025 2024 2025 2023 password2024 password2025 qwerty2024 qwertz qwertz123 azerty
azerty123 aaaaaaaa abcdefgh abcdefg abcdef abc 12qwaszx 1qaz2wsx3edc zaq1xsw2 zaq1zaq1 qwaszx 1234qwerty
qwerty12 qwerty1234 q1w2e3 q1w2e3r4t5y6 1q2w3e4r5t6y asd123 asdf1234 asdf zxc123 zxcv1234 password12
password1234 pass123 pass1234 passpass mypassword mypass secretpassword letmein! nothing unknown ninja
mustang1 killer1 hunter1 hunter2 soccer1 hockey1 ranger1 buster1 tigger1 pepper1 ginger1 maggie1 cookie1
chocolate butterfly flower1 purple1 orange1 banana1 apple apple123 samsung1 iphone google google123 facebook
linkedin twitter youtube yahoo hotmail gmail outlook microsoft windows windows10 linux ubuntu debian oracle
mysql postgres database server network system security welcome! annotate annotation annotator marginalia
potato potato123 student student1 teacher school college university research professor science laboratory
lab12345 project project1 changeit change123 newpassword newpass new12345 temp123 temporary 1password
1passw0rd 123pass 123password 1234pass a1b2c3 a1b2c3d4 a1s2d3f4 a12345 a123456789 qq123456 woaini 5201314
woaini1314 1314520 asdasd asdasd123 qweqwe qweqwe123 zxczxc 123asd 123qweasd 123qweasdzxc qazwsx123 !qaz2wsx
1qaz!qaz qwerty1! qwerty! qwerty123! 123456! 12345678! iloveyou! monkey123 dragon123 master123 shadow123
sunshine123 princess123 football123 baseball123 superman123 batman123 michael123 jessica123 charlie123
jordan123 daniel123 thomas123 robert123 andrew123 matthew123 joshua123 anthony123 william123 jennifer1 ashley1
amanda1 nicole1 michelle1 heather1 melissa1 samantha1 elizabeth christina hannah1 sarah sarah123 emily
emily123 olivia olivia123 sophia sophia123 isabella liverpool chelsea1 arsenal1 manchester barcelona
realmadrid juventus cristiano messi ronaldo basketball volleyball softball swimming running music music123
guitar1 piano rockstar rocknroll metallica nirvana eminem beatles elvis1 matrix1 starwars123 startrek
pokemon123 zelda mario pikachu sonic tetris minecraft1 world helloworld hello1234 letmein12 welcome12 admin12
admin12345 root1234 toor123 user123 user1234 test12345 testtest testing123 qa123456 dev12345 developer
code1234 coder hacker hacker123 h4x0r l33t 31337 access14 access123 open1234 opensesame sesame letmein2
trustme believe faith jesus jesus1 christ god123 angel1 angels1 heaven blessed peace love123 lovers loveyou
sweety sweetie honey honey123 baby123 babygirl1 babyboy princesa tequiero teamo amor estrella mariposa corazon
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));
