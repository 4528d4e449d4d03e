BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('v3.2.0.a');
CREATE TABLE studies (
	study_id INTEGER NOT NULL, 
	study_name VARCHAR(512) NOT NULL, 
	PRIMARY KEY (study_id)
);
INSERT INTO "studies" VALUES(1,'fedrep');
CREATE TABLE study_directions (
	study_direction_id INTEGER NOT NULL, 
	direction VARCHAR(8) NOT NULL, 
	study_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	PRIMARY KEY (study_direction_id), 
	UNIQUE (study_id, objective), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "study_directions" VALUES(1,'MAXIMIZE',1,0);
CREATE TABLE study_system_attributes (
	study_system_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_system_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE study_user_attributes (
	study_user_attribute_id INTEGER NOT NULL, 
	study_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (study_user_attribute_id), 
	UNIQUE (study_id, "key"), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
CREATE TABLE trial_heartbeats (
	trial_heartbeat_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	heartbeat DATETIME NOT NULL, 
	PRIMARY KEY (trial_heartbeat_id), 
	UNIQUE (trial_id), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
CREATE TABLE trial_intermediate_values (
	trial_intermediate_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	step INTEGER NOT NULL, 
	intermediate_value FLOAT, 
	intermediate_value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_intermediate_value_id), 
	UNIQUE (trial_id, step), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_intermediate_values" VALUES(1,1,1,6.39038461538461444177e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(2,1,2,9.93553113553113376177e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(3,1,3,1.76686313686313711812e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(4,1,4,2.38611721611721644409e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(5,1,5,3.00398684648684632936e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(6,1,6,3.82647852147852185478e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(7,1,7,4.13216033966033957636e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(8,1,8,4.62524642024642052007e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(9,1,9,5.1552089577089577066e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(10,1,10,5.16890526140526107568e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(11,1,11,5.59303946053946066108e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(12,1,12,5.60814851814851800249e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(13,1,13,5.75290542790542813733e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(14,1,14,5.99084915084915126115e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(15,1,15,6.00573010323010358924e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(16,1,16,0.612504329004329,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(17,1,17,0.623682400932401,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(18,1,18,6.19061188811188878311e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(19,1,19,6.22491924741924718134e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(20,1,20,6.24337162837162895634e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(21,2,1,1.72961038961038982009e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(22,2,2,2.83026889776889778449e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(23,2,3,3.59376789876789837219e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(24,2,4,4.46101565101565067372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(25,2,5,5.05451714951714925483e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(26,2,6,0.555011322011322,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(27,2,7,5.95149933399933495081e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(28,2,8,0.616149433899434,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(29,2,9,6.41813353313353318618e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(30,2,10,6.37971361971362060927e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(31,2,11,6.48991924741924797181e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(32,2,12,6.5320621045621052314e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(33,2,13,6.5314668664668662501e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(34,2,14,6.50197052947052878124e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(35,2,15,6.5083716283716286366e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(36,2,16,6.51232767232767351117e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(37,2,17,0.655027639027639,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(38,2,18,0.65633991008991,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(39,2,19,6.49066100566100590008e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(40,2,20,6.52816100566100510071e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(41,3,1,1.13300865800865808302e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(42,3,2,0.0328507326007326,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(43,3,3,6.55531135531135511484e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(44,3,4,6.05201465201465199639e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(45,3,5,6.7718864468864478634e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(46,3,6,5.95402930402930338771e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(47,3,7,5.63470695970695878429e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(48,3,8,5.22252747252747173689e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(49,3,9,5.33324175824175863991e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(50,3,10,5.81538461538461531885e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(51,3,11,5.6820512820512814045e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(52,3,12,0.0611062271062271,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(53,3,13,6.85998168498168359175e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(54,3,14,6.89331501831501880506e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(55,3,15,7.97216117216117264865e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(56,3,16,0.0838434065934066,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(57,3,17,0.0869115884115884,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(58,3,18,9.16886446886446826454e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(59,3,19,9.43818681318681212966e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(60,3,20,1.00711954711954709829e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(61,4,1,1.09376373626373604719e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(62,4,2,2.48567266067266062767e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(63,5,1,7.82275224775224736761e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(64,5,2,1.98891941391941384775e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(65,6,1,2.48685481185481199739e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(66,6,2,6.7020146520146525737e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(67,7,1,1.23955128205128203844e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(68,7,2,1.29807692307692290611e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(69,7,3,2.58043040293040260024e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(70,7,4,4.34325341325341229836e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(71,7,5,4.87313103563103588999e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(72,7,6,5.53986430236430238416e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(73,7,7,6.01801448551448570079e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(74,7,8,6.21194305694305670684e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(75,7,9,6.40113719613719656109e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(76,7,10,6.213637196137196117e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(77,7,11,6.43408591408591523652e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(78,7,12,6.0907525807525808581e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(79,7,13,0.610510323010323,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(80,7,14,6.12551448551448607382e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(81,7,15,6.46312853812853749246e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(82,7,16,6.14724525474525496093e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(83,7,17,6.3519205794205790827e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(84,7,18,6.43997918747918784987e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(85,7,19,6.42396187146187180871e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(86,7,20,6.59197052947052775095e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(87,8,1,6.33534798534798604396e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(88,8,2,8.24688644688644778568e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(89,8,3,1.13926739926739933883e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(90,8,4,1.63056776556776555908e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(91,8,5,2.10076423576423559902e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(92,8,6,3.03371794871794886461e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(93,9,1,6.1820013320013321445e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(94,9,2,8.33168498168498083966e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(95,10,1,1.39134199134199124103e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(96,10,2,1.13300865800865808302e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(97,11,1,4.552289377289377853e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(98,11,2,3.53324175824175842897e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(99,12,1,7.57037129537129482859e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(100,12,2,3.37939560439560471305e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(101,13,1,1.72865800865800833818e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(102,13,2,2.58729770229770228429e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(103,13,3,3.51663419913419927897e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(104,13,4,4.43333666333666276404e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(105,13,5,5.01106476856476801273e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(106,13,6,5.5418989343989333296e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(107,14,1,0.0711923076923077,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(108,14,2,7.95494505494505621534e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(109,15,1,7.73703796203796256847e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(110,15,2,4.21121378621378619766e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(111,15,3,3.71959706959706926099e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(112,15,4,3.1526556776556774464e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(113,15,5,3.44546287046287036393e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(114,15,6,4.55173992673992694468e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(115,15,7,3.35054945054945041427e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(116,15,8,0.0341510989010989,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(117,15,9,3.766616716616716376e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(118,15,10,3.65173992673992614532e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(119,15,11,3.47078754578754589132e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(120,15,12,3.66808191808191824678e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(121,15,13,3.53593906093906118481e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(122,15,14,3.73355810855810835158e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(123,15,15,3.28859473859473838697e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(124,15,16,3.19789377289377285684e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(125,15,17,4.81478521478521520604e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(126,15,18,3.86597569097569121465e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(127,16,1,1.36740842490842479106e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(128,16,2,2.83611222111222138764e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(129,16,3,4.03807609057609095959e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(130,16,4,4.30494422244422247914e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(131,16,5,5.02943556443556372137e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(132,16,6,5.52540542790542765771e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(133,17,1,5.67197802197802192214e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(134,17,2,1.49279720279720279352e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(135,18,1,8.02275224775224754525e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(136,18,2,3.37106227106227090972e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(137,18,3,0.0416510989010989,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(138,18,4,3.47912087912087900076e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(139,18,5,3.33145188145188148043e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(140,18,6,4.07522477522477485911e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(141,19,1,2.00649350649350667608e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(142,19,2,6.52160339660339677392e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(143,19,3,7.28205128205128143781e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(144,19,4,6.74871794871794855597e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(145,19,5,6.85256410256410292136e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(146,19,6,7.33406593406593365624e-02,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(147,20,1,3.73767399267399325069e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(148,20,2,4.05493839493839436372e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(149,20,3,0.50413677988678,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(150,20,4,5.93188394938394925048e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(151,20,5,6.25846403596403644264e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(152,20,6,6.36423243423243412131e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(153,20,7,0.64383991008991,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(154,20,8,6.64601814851814798323e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(155,20,9,0.663447052947053,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(156,20,10,6.52589910089910074653e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(157,20,11,6.61197052947052887894e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(158,20,12,6.58015234765234713343e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(159,20,13,6.68325258075258110679e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(160,20,14,6.50646686646686678301e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(161,20,15,6.68515234765234667158e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(162,20,16,6.63185148185148176658e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(163,20,17,0.665435148185148,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(164,20,18,6.58363719613719533541e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(165,20,19,6.6128038628038621205e-01,'FINITE');
INSERT INTO "trial_intermediate_values" VALUES(166,20,20,6.69792291042290877101e-01,'FINITE');
CREATE TABLE trial_params (
	param_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	param_name VARCHAR(512), 
	param_value FLOAT, 
	distribution_json TEXT, 
	PRIMARY KEY (param_id), 
	UNIQUE (trial_id, param_name), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_params" VALUES(1,1,'lr',2.16047204933065076226e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(2,1,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(3,1,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(4,2,'lr',9.38646435830109565623e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(5,2,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(6,2,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(7,3,'lr',1.08012575693586200184e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(8,3,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(9,3,'head_epochs',8.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(10,4,'lr',5.61668651884238423477e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(11,4,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(12,4,'head_epochs',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(13,5,'lr',2.10613746985012437185e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(14,5,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(15,5,'head_epochs',7.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(16,6,'lr',1.30936687677455851352e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(17,6,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(18,6,'head_epochs',6.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(19,7,'lr',1.24238492252869453524e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(20,7,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(21,7,'head_epochs',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(22,8,'lr',3.25943399791840601742e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(23,8,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(24,8,'head_epochs',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(25,9,'lr',1.25092291267478016719e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(26,9,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(27,9,'head_epochs',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(28,10,'lr',1.39955827653689903085e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(29,10,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(30,10,'head_epochs',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(31,11,'lr',2.54760127532155267182e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(32,11,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(33,11,'head_epochs',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(34,12,'lr',0.211378326896147,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(35,12,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(36,12,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(37,13,'lr',9.85279600067257288475e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(38,13,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(39,13,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(40,14,'lr',1.08883435848239062959e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(41,14,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(42,14,'head_epochs',1.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(43,15,'lr',4.75645399152015424526e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(44,15,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(45,15,'head_epochs',4.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(46,16,'lr',9.45134479143360101138e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(47,16,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(48,16,'head_epochs',3.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(49,17,'lr',1.41882511360733268995e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(50,17,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(51,17,'head_epochs',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(52,18,'lr',1.20987422537348413009e-01,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(53,18,'momentum',2.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(54,18,'head_epochs',5.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(55,19,'lr',4.46791885187590442907e-03,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(56,19,'momentum',0.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(57,19,'head_epochs',2.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
INSERT INTO "trial_params" VALUES(58,20,'lr',4.61933627223686110729e-02,'{"name": "FloatDistribution", "attributes": {"step": null, "low": 0.001, "high": 0.5, "log": true}}');
INSERT INTO "trial_params" VALUES(59,20,'momentum',1.0,'{"name": "CategoricalDistribution", "attributes": {"choices": [0.0, 0.5, 0.9]}}');
INSERT INTO "trial_params" VALUES(60,20,'head_epochs',10.0,'{"name": "IntDistribution", "attributes": {"log": false, "step": 1, "low": 1, "high": 10}}');
CREATE TABLE trial_system_attributes (
	trial_system_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_system_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_system_attributes" VALUES(1,1,'completed_rung_0','0.3826478521478522');
INSERT INTO "trial_system_attributes" VALUES(2,1,'completed_rung_1','0.6190611888111889');
INSERT INTO "trial_system_attributes" VALUES(3,2,'completed_rung_0','0.2830268897768898');
INSERT INTO "trial_system_attributes" VALUES(4,2,'completed_rung_1','0.555011322011322');
INSERT INTO "trial_system_attributes" VALUES(5,2,'completed_rung_2','0.65633991008991');
INSERT INTO "trial_system_attributes" VALUES(6,3,'completed_rung_0','0.09168864468864468');
INSERT INTO "trial_system_attributes" VALUES(7,4,'completed_rung_0','0.24856726606726606');
INSERT INTO "trial_system_attributes" VALUES(8,5,'completed_rung_0','0.19889194139194138');
INSERT INTO "trial_system_attributes" VALUES(9,6,'completed_rung_0','0.06702014652014653');
INSERT INTO "trial_system_attributes" VALUES(10,7,'completed_rung_0','0.5539864302364302');
INSERT INTO "trial_system_attributes" VALUES(11,7,'completed_rung_1','0.6439979187479188');
INSERT INTO "trial_system_attributes" VALUES(12,8,'completed_rung_0','0.3033717948717949');
INSERT INTO "trial_system_attributes" VALUES(13,9,'completed_rung_0','0.08331684981684981');
INSERT INTO "trial_system_attributes" VALUES(14,10,'completed_rung_0','0.01133008658008658');
INSERT INTO "trial_system_attributes" VALUES(15,11,'completed_rung_0','0.035332417582417584');
INSERT INTO "trial_system_attributes" VALUES(16,12,'completed_rung_0','0.03379395604395605');
INSERT INTO "trial_system_attributes" VALUES(17,13,'completed_rung_0','0.25872977022977023');
INSERT INTO "trial_system_attributes" VALUES(18,13,'completed_rung_1','0.5541898934398933');
INSERT INTO "trial_system_attributes" VALUES(19,14,'completed_rung_0','0.07954945054945056');
INSERT INTO "trial_system_attributes" VALUES(20,15,'completed_rung_0','0.03865975690975691');
INSERT INTO "trial_system_attributes" VALUES(21,16,'completed_rung_0','0.5525405427905428');
INSERT INTO "trial_system_attributes" VALUES(22,17,'completed_rung_0','0.14927972027972028');
INSERT INTO "trial_system_attributes" VALUES(23,18,'completed_rung_0','0.04075224775224775');
INSERT INTO "trial_system_attributes" VALUES(24,19,'completed_rung_0','0.07334065934065934');
INSERT INTO "trial_system_attributes" VALUES(25,20,'completed_rung_0','0.40549383949383944');
INSERT INTO "trial_system_attributes" VALUES(26,20,'completed_rung_1','0.6364232434232434');
INSERT INTO "trial_system_attributes" VALUES(27,20,'completed_rung_2','0.6583637196137195');
CREATE TABLE trial_user_attributes (
	trial_user_attribute_id INTEGER NOT NULL, 
	trial_id INTEGER, 
	"key" VARCHAR(512), 
	value_json TEXT, 
	PRIMARY KEY (trial_user_attribute_id), 
	UNIQUE (trial_id, "key"), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_user_attributes" VALUES(1,1,'seconds','179.837');
INSERT INTO "trial_user_attributes" VALUES(2,1,'val_loss','3.4720232089106497');
INSERT INTO "trial_user_attributes" VALUES(3,1,'round','20');
INSERT INTO "trial_user_attributes" VALUES(4,1,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(5,2,'seconds','149.985');
INSERT INTO "trial_user_attributes" VALUES(6,2,'val_loss','3.6456273189904964');
INSERT INTO "trial_user_attributes" VALUES(7,2,'round','18');
INSERT INTO "trial_user_attributes" VALUES(8,2,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(9,3,'seconds','152.979');
INSERT INTO "trial_user_attributes" VALUES(10,3,'val_loss','3.4938802555321145');
INSERT INTO "trial_user_attributes" VALUES(11,3,'round','20');
INSERT INTO "trial_user_attributes" VALUES(12,3,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(13,4,'seconds','16.303');
INSERT INTO "trial_user_attributes" VALUES(14,5,'seconds','15.774');
INSERT INTO "trial_user_attributes" VALUES(15,6,'seconds','16.257');
INSERT INTO "trial_user_attributes" VALUES(16,7,'seconds','151.316');
INSERT INTO "trial_user_attributes" VALUES(17,7,'val_loss','3.0379142270241424');
INSERT INTO "trial_user_attributes" VALUES(18,7,'round','20');
INSERT INTO "trial_user_attributes" VALUES(19,7,'rounds_run','20');
INSERT INTO "trial_user_attributes" VALUES(20,8,'seconds','42.0');
INSERT INTO "trial_user_attributes" VALUES(21,9,'seconds','19.347');
INSERT INTO "trial_user_attributes" VALUES(22,10,'seconds','16.169');
INSERT INTO "trial_user_attributes" VALUES(23,11,'seconds','15.411');
INSERT INTO "trial_user_attributes" VALUES(24,12,'seconds','13.705');
INSERT INTO "trial_user_attributes" VALUES(25,13,'seconds','41.808');
INSERT INTO "trial_user_attributes" VALUES(26,14,'seconds','12.28');
INSERT INTO "trial_user_attributes" VALUES(27,15,'seconds','127.059');
INSERT INTO "trial_user_attributes" VALUES(28,16,'seconds','40.342');
INSERT INTO "trial_user_attributes" VALUES(29,17,'seconds','15.404');
INSERT INTO "trial_user_attributes" VALUES(30,18,'seconds','47.234');
INSERT INTO "trial_user_attributes" VALUES(31,19,'seconds','46.505');
INSERT INTO "trial_user_attributes" VALUES(32,20,'seconds','178.526');
INSERT INTO "trial_user_attributes" VALUES(33,20,'val_loss','5.03752882590756');
INSERT INTO "trial_user_attributes" VALUES(34,20,'round','20');
INSERT INTO "trial_user_attributes" VALUES(35,20,'rounds_run','20');
CREATE TABLE trial_values (
	trial_value_id INTEGER NOT NULL, 
	trial_id INTEGER NOT NULL, 
	objective INTEGER NOT NULL, 
	value FLOAT, 
	value_type VARCHAR(7) NOT NULL, 
	PRIMARY KEY (trial_value_id), 
	UNIQUE (trial_id, objective), 
	FOREIGN KEY(trial_id) REFERENCES trials (trial_id)
);
INSERT INTO "trial_values" VALUES(1,1,0,6.24337162837162895634e-01,'FINITE');
INSERT INTO "trial_values" VALUES(2,2,0,0.65633991008991,'FINITE');
INSERT INTO "trial_values" VALUES(3,3,0,1.00711954711954709829e-01,'FINITE');
INSERT INTO "trial_values" VALUES(4,4,0,2.48567266067266062767e-01,'FINITE');
INSERT INTO "trial_values" VALUES(5,5,0,1.98891941391941384775e-01,'FINITE');
INSERT INTO "trial_values" VALUES(6,6,0,6.7020146520146525737e-02,'FINITE');
INSERT INTO "trial_values" VALUES(7,7,0,6.59197052947052775095e-01,'FINITE');
INSERT INTO "trial_values" VALUES(8,8,0,3.03371794871794886461e-01,'FINITE');
INSERT INTO "trial_values" VALUES(9,9,0,8.33168498168498083966e-02,'FINITE');
INSERT INTO "trial_values" VALUES(10,10,0,1.13300865800865808302e-02,'FINITE');
INSERT INTO "trial_values" VALUES(11,11,0,3.53324175824175842897e-02,'FINITE');
INSERT INTO "trial_values" VALUES(12,12,0,3.37939560439560471305e-02,'FINITE');
INSERT INTO "trial_values" VALUES(13,13,0,5.5418989343989333296e-01,'FINITE');
INSERT INTO "trial_values" VALUES(14,14,0,7.95494505494505621534e-02,'FINITE');
INSERT INTO "trial_values" VALUES(15,15,0,3.86597569097569121465e-02,'FINITE');
INSERT INTO "trial_values" VALUES(16,16,0,5.52540542790542765771e-01,'FINITE');
INSERT INTO "trial_values" VALUES(17,17,0,1.49279720279720279352e-01,'FINITE');
INSERT INTO "trial_values" VALUES(18,18,0,4.07522477522477485911e-02,'FINITE');
INSERT INTO "trial_values" VALUES(19,19,0,7.33406593406593365624e-02,'FINITE');
INSERT INTO "trial_values" VALUES(20,20,0,6.69792291042290877101e-01,'FINITE');
CREATE TABLE trials (
	trial_id INTEGER NOT NULL, 
	number INTEGER, 
	study_id INTEGER, 
	state VARCHAR(8) NOT NULL, 
	datetime_start DATETIME, 
	datetime_complete DATETIME, 
	PRIMARY KEY (trial_id), 
	FOREIGN KEY(study_id) REFERENCES studies (study_id)
);
INSERT INTO "trials" VALUES(1,0,1,'COMPLETE','2026-11-27 02:36:02.207807','2026-11-27 02:39:02.144127');
INSERT INTO "trials" VALUES(2,1,1,'COMPLETE','2026-11-27 02:39:02.157832','2026-11-27 02:41:32.288251');
INSERT INTO "trials" VALUES(3,2,1,'COMPLETE','2026-11-27 02:41:32.349227','2026-11-27 02:44:05.421116');
INSERT INTO "trials" VALUES(4,3,1,'PRUNED','2026-11-27 02:44:05.443617','2026-11-27 02:44:21.807444');
INSERT INTO "trials" VALUES(5,4,1,'PRUNED','2026-11-27 02:44:21.818372','2026-11-27 02:44:37.654003');
INSERT INTO "trials" VALUES(6,5,1,'PRUNED','2026-11-27 02:44:37.669375','2026-11-27 02:44:53.999163');
INSERT INTO "trials" VALUES(7,6,1,'COMPLETE','2026-11-27 02:44:54.013510','2026-11-27 02:47:25.405294');
INSERT INTO "trials" VALUES(8,7,1,'PRUNED','2026-11-27 02:47:25.418642','2026-11-27 02:48:07.466299');
INSERT INTO "trials" VALUES(9,8,1,'PRUNED','2026-11-27 02:48:07.479872','2026-11-27 02:48:26.894995');
INSERT INTO "trials" VALUES(10,9,1,'PRUNED','2026-11-27 02:48:26.932500','2026-11-27 02:48:43.178718');
INSERT INTO "trials" VALUES(11,10,1,'PRUNED','2026-11-27 02:48:43.195329','2026-11-27 02:48:58.681663');
INSERT INTO "trials" VALUES(12,11,1,'PRUNED','2026-11-27 02:48:58.699409','2026-11-27 02:49:12.467096');
INSERT INTO "trials" VALUES(13,12,1,'PRUNED','2026-11-27 02:49:12.481881','2026-11-27 02:49:54.339562');
INSERT INTO "trials" VALUES(14,13,1,'PRUNED','2026-11-27 02:49:54.353849','2026-11-27 02:50:06.678809');
INSERT INTO "trials" VALUES(15,14,1,'PRUNED','2026-11-27 02:50:06.692259','2026-11-27 02:52:13.806428');
INSERT INTO "trials" VALUES(16,15,1,'PRUNED','2026-11-27 02:52:13.826706','2026-11-27 02:52:54.238095');
INSERT INTO "trials" VALUES(17,16,1,'PRUNED','2026-11-27 02:52:54.256966','2026-11-27 02:53:09.737819');
INSERT INTO "trials" VALUES(18,17,1,'PRUNED','2026-11-27 02:53:09.754279','2026-11-27 02:53:57.047216');
INSERT INTO "trials" VALUES(19,18,1,'PRUNED','2026-11-27 02:53:57.063374','2026-11-27 02:54:43.632257');
INSERT INTO "trials" VALUES(20,19,1,'COMPLETE','2026-11-27 02:54:43.655385','2026-11-27 02:57:42.254163');
CREATE TABLE version_info (
	version_info_id INTEGER NOT NULL, 
	schema_version INTEGER, 
	library_version VARCHAR(256), 
	PRIMARY KEY (version_info_id), 
	CHECK (version_info_id=1)
);
INSERT INTO "version_info" VALUES(1,12,'4.9.0');
CREATE UNIQUE INDEX ix_studies_study_name ON studies (study_name);
CREATE INDEX ix_trials_study_id ON trials (study_id);
COMMIT;
